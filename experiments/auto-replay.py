#!/usr/bin/env python3
"""Replays rules for `-a auto`'s choice of a method on recorded evidence (docs/results/86-free-starts.md,
docs/results/99-practice-shapes.md).

usage: experiments/auto-replay.py ROOT PARTS
       experiments/auto-replay.py --fallback-leads FOLDER...

ROOT/PART-auto: `csc experiment -a auto` runs, whose records keep each fit's `selection` (every
candidate method's held-out score, collapsed folds and stability). ROOT/PART-none: the candidates
fitted as set (`--param select=none`) on the same draws, njw among them; ROOT/PART-refs: the
references (seeded-njw); ROOT/PART-knn: seeded-njw on the k-NN graph (`--param graph=knn`);
ROOT/PART-default: the methods at their defaults (guarded). PARTS:
comma-separated. A rule picks a candidate from a selection and its ACC is looked up in the as-set
runs; per condition (data set, supervision kind, amount) the mean over the draws is compared with
the best method at the default, njw, cop-kmeans and seeded-kmeans. Printed first for the auto runs'
own ACC, then per rule: the conditions within 0.02 ACC of that best, of all; the mean and the worst
ACC difference to it. The first rule is the product's, which must
reproduce the auto runs' own ACC; records where it does not are counted.

With --fallback-leads: every `-a auto` run of the folders where the k-NN fallback led the other
candidates by more than 0.02, with its lead and one standard error of its score (the guard's margin).
"""
import collections
import importlib.util
import json
import math
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location('selection_replay', os.path.join(here, 'selection-replay.py'))
replay = importlib.util.module_from_spec(spec)
spec.loader.exec_module(replay)

NEAR = 0.02
BASELINES = ('njw', 'cop-kmeans', 'seeded-kmeans')


def accuracies(folder):
    """ACC by (method, condition) and draw."""
    table = collections.defaultdict(dict)
    with open(folder + '/records.jsonl') as lines:
        for line in lines:
            record = json.loads(line)
            if record.get('failure') or record.get('acc') is None:
                continue
            condition = (record['dataset'], record['kind'], record['amount'])
            table[(record['algorithm'], condition)][record['repetition']] = record['acc']
    return table


def mean(values):
    return sum(values) / len(values)


def evidence(root, part):
    """Per auto record: its condition, draw, candidates with their as-set ACC, and its own ACC; and
    the best mean ACC per condition."""
    as_set, guarded, references, knn_references = (accuracies('%s/%s-%s' % (root, part, kind))
                                                   for kind in ('none', 'default', 'refs', 'knn'))
    choices = []
    with open('%s/%s-auto/records.jsonl' % (root, part)) as lines:
        for line in lines:
            record = json.loads(line)
            if record.get('acc') is None or not record.get('selection'):
                continue
            condition = (record['dataset'], record['kind'], record['amount'])
            selection = record['selection']
            selection = json.loads(selection) if isinstance(selection, str) else selection
            candidates = []
            for candidate in selection['candidates']:
                method, draw = candidate['method'], record['repetition']
                if method == 'njw':  # unsupervised: one entry per data set
                    found = [d[draw] for (m, c), d in as_set.items() if m == 'njw' and c[0] == condition[0] and draw in d]
                    acc = found[0] if found else None
                else:
                    on_knn = (candidate.get('parameters') or {}).get('graph') == 'knn'
                    table = (knn_references if on_knn else references) if method == 'seeded-njw' else as_set
                    acc = table.get((method, condition), {}).get(draw)
                candidates.append(dict(candidate, acc=acc))
            choices.append((condition, record['repetition'], candidates, record['acc']))
    best = {}
    for condition in {c for c, _, _, _ in choices}:
        means = [mean(d.values()) for (m, c), d in guarded.items() if c == condition]
        means += [mean(d.values()) for (m, c), d in as_set.items()
                  if m in BASELINES and (c == condition or (m == 'njw' and c[0] == condition[0]))]
        best[condition] = max(means)
    return choices, best


def within_near(key, margin=lambda top: NEAR):
    """Among the candidates within the margin of the best held-out score, the one maximizing key."""
    def rule(ranking):
        top = ranking[0]
        if replay.failed(top):
            return top
        near = [c for c in ranking if not replay.failed(c) and c['score'] >= top['score'] - margin(top)]
        return max(near, key=key)
    return rule


def standard_error(candidate):
    variance = max(candidate['score'] * (1 - candidate['score']), 0.01)
    return math.sqrt(variance / max(replay.held_out_constraints(candidate), 1))


def floored(rule):
    """The rule on the ranking without the candidates below the stability floor."""
    return lambda ranking: rule(replay.without_unstable(ranking))


def is_knn_reference(candidate):
    """seeded-njw on the k-NN graph: -a auto's fallback up to 5,000 points (SelectedFit.withoutUnclearFallback)."""
    return candidate['method'] == 'seeded-njw' and (candidate.get('parameters') or {}).get('graph') == 'knn'


def with_fallback(rule, margin=lambda candidate: NEAR):
    """The rule without the k-NN reference, unless that scored more than the margin above every
    other candidate that neither failed nor fell below the stability floor."""
    def chosen(ranking):
        others = [c for c in ranking if not is_knn_reference(c)]
        fallback = [c for c in ranking if is_knn_reference(c) and not replay.failed(c)]
        best_other = max((c['score'] for c in replay.without_unstable(others) if not replay.failed(c)), default=-1)
        if fallback and fallback[0]['score'] > best_other + margin(fallback[0]):
            return fallback[0]
        return rule(others)
    return chosen


MOST_STABLE = floored(within_near(replay.stability))

ALTERNATIVES = {
    'within 0.02, the most stable (without the floor)': within_near(replay.stability),
    'within one standard error (guardMargin), the most stable': within_near(replay.stability, replay.guard_margin),
    'within 0.01, the most stable': within_near(replay.stability, lambda top: 0.01),
    'within 0.05, the most stable': within_near(replay.stability, lambda top: 0.05),
    'within 0.02, score x stability': within_near(lambda c: c['score'] * replay.stability(c)),
    'within 0.02, score + 0.1 stability': within_near(lambda c: c['score'] + 0.1 * replay.stability(c)),
    'all, score + 0.05 stability': within_near(lambda c: c['score'] + 0.05 * replay.stability(c), lambda top: 1),
    'all, score + 0.2 stability': within_near(lambda c: c['score'] + 0.2 * replay.stability(c), lambda top: 1),
    'all, score minus its standard error': within_near(lambda c: c['score'] - standard_error(c), lambda top: 1),
    'all, the best score': within_near(lambda c: c['score'], lambda top: 1),
}

RULES = {
    'product: floor 0.3, within 0.02, most stable; k-NN fallback': with_fallback(MOST_STABLE),
    'the k-NN reference as any other candidate': MOST_STABLE,
    'without the k-NN reference': lambda ranking: MOST_STABLE([c for c in ranking if not is_knn_reference(c)]),
    'the k-NN fallback, a guard margin above the others': with_fallback(MOST_STABLE, replay.guard_margin),
    **{name + '; k-NN fallback': with_fallback(rule) for name, rule in ALTERNATIVES.items()},
}


def fallback_leads(folders):
    """Every `-a auto` run of the folders whose k-NN fallback led the other candidates by more than
    0.02: its lead, one standard error of its score (the guard's margin), and whether it was fitted."""
    for folder in folders:
        with open(folder + '/records.jsonl') as lines:
            for line in lines:
                record = json.loads(line)
                candidates = (record.get('selection') or {}).get('candidates') or []
                if record['algorithm'] != 'auto':
                    continue
                fallback = [c for c in candidates if is_knn_reference(c) and not replay.failed(c)]
                others = [c for c in replay.without_unstable(candidates) if not is_knn_reference(c)
                          and not replay.failed(c)]
                if not fallback or not others:
                    continue
                lead = fallback[0]['score'] - max(c['score'] for c in others)
                if lead > NEAR:
                    print('%s %s %s %s draw %d: ACC %.3f, lead %.3f, margin %.3f, fitted: %s' % (
                        folder, record['dataset'], record['kind'], record['amount'], record['repetition'],
                        record['acc'], lead, replay.guard_margin(fallback[0]),
                        record['selection']['method'] == 'seeded-njw'))


def main():
    if len(sys.argv) > 2 and sys.argv[1] == '--fallback-leads':
        fallback_leads(sys.argv[2:])
        return
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    root, parts = sys.argv[1], sys.argv[2].split(',')
    evidence_by_part = [evidence(root, part) for part in parts]
    within = total = 0
    gaps = []
    for choices, best in evidence_by_part:
        own = collections.defaultdict(list)
        for condition, _, _, acc in choices:
            own[condition].append(acc)
        for condition, values in own.items():
            total += 1
            within += mean(values) >= best[condition] - NEAR
            gaps.append(mean(values) - best[condition])
    print('%-60s %d of %d, mean %+.4f, worst %+.3f' % ('the runs themselves', within, total, mean(gaps), min(gaps)))
    for index, (name, rule) in enumerate(RULES.items()):
        within = total = differing = 0
        gaps = []
        for choices, best in evidence_by_part:
            chosen = collections.defaultdict(list)
            for condition, draw, candidates, own in choices:
                ranking = sorted(candidates, key=lambda c: -(c['score'] if c['score'] is not None else -1))
                pick = rule(ranking)
                acc = pick['acc'] if pick['acc'] is not None else own
                if index == 0 and abs(acc - own) > 1e-9:
                    differing += 1
                chosen[condition].append(acc)
            for condition, values in chosen.items():
                total += 1
                within += mean(values) >= best[condition] - NEAR
                gaps.append(mean(values) - best[condition])
        suffix = ' (records differing from the runs: %d)' % differing if index == 0 else ''
        print('%-60s %d of %d, mean %+.4f, worst %+.3f%s' % (name, within, total, mean(gaps), min(gaps), suffix))


if __name__ == '__main__':
    main()
