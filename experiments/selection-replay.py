#!/usr/bin/env python3
"""Replays selection rules on the guard's recorded evidence (docs/results/85-stability.md).

usage: experiments/selection-replay.py GUARDED_DIRS AS_SET_DIRS METHODS

GUARDED_DIRS: comma-separated `csc experiment` folders run at the default (the guard), whose
records keep each fit's `selection`: every candidate's held-out score, collapsed folds and
stability. AS_SET_DIRS: folders with every candidate fitted as set on the same draws
(`--param select=none`: njw, the methods, seeded-kmeans, seeded-njw, seeded-njw graph=knn); a
guarded final fit is the candidate's own fit with the run's seed, so its ACC is the one recorded
there. METHODS: comma-separated.

A rule picks a candidate from a selection; its ACC is looked up. Printed per rule: the
method-conditions more than 0.02 below njw (mean over the draws), the mean difference to njw, and
how often the method itself was fitted; last, how often a final fit satisfies its own supervision
far worse than its folds did the held-out one (SelectedFit.unlikeItsFolds). The rule of the product
(the k-NN reference only where it leads every other candidate by more than 0.02 and more than the
guard's margin; "near" within one standard error of the best held-out score, candidates of
stability below 0.3 set aside, of those within 0.02 of the highest stability the first in the
guard's order, NJW's dense reference first where that margin is above 0.05) must reproduce the
guarded runs' own ACC on runs made at the current defaults; records where it does not (a final fit
that collapsed on the whole supervision and was passed over, or runs of an earlier default) are
counted. Selections without candidates (too little supervision for folds) are left out.
"""
import collections
import json
import math
import sys

NEAR = 0.02
STABLE_ENOUGH = 0.01
LEAST_GUARD_MARGIN = 0.01
UNSTABLE = 0.3


def label(method, parameters):
    return method + ''.join(' %s=%s' % item for item in sorted(parameters.items()) if item[0] != 'select')


def records(folders):
    """Every record of the folders, with the parameters its method was given there."""
    for folder in folders.split(','):
        with open(folder + '/experiment.json') as description:
            overrides = {a['name']: a.get('overrides', {}) for a in json.load(description)['algorithms']}
        with open(folder + '/records.jsonl') as lines:
            for line in lines:
                record = json.loads(line)
                yield record, overrides.get(record['algorithm'], {})


def failed(candidate):
    return 'failure' in candidate or candidate['collapsedFolds'] > 0 or math.isnan(candidate['score'])


def stability(candidate):
    value = candidate['stability']
    return -math.inf if value is None or math.isnan(value) else value


def first(ranking, method):
    return ranking[0]


def near(ranking, margin=NEAR):
    top = ranking[0]
    if failed(top):
        return []
    return [c for c in ranking if not failed(c) and c['score'] >= top['score'] - margin]


def stable(ranking, method):
    candidates = near(ranking)
    return max(candidates, key=stability) if candidates else ranking[0]


def held_out_constraints(candidate):
    return sum(fold[0] + fold[2] for fold in candidate.get('heldOut') or [])


def guard_margin(candidate):
    """One standard error of the difference of two held-out scores (SelectedFit.guardMargin)."""
    variance = max(candidate['score'] * (1 - candidate['score']), 0.01)
    return max(LEAST_GUARD_MARGIN, math.sqrt(2 * variance / max(held_out_constraints(candidate), 1)))


def stable_method_kept(ranking, method, margin=lambda top: NEAR):
    candidates = near(ranking, margin(ranking[0]))
    if not candidates:
        return ranking[0]
    best = max(candidates, key=stability)
    own = [c for c in candidates if label(c['method'], c['parameters']) == method]
    return own[0] if own and stability(own[0]) >= stability(best) - STABLE_ENOUGH else best


def without_unstable(ranking):
    """The ranking without the candidates below the stability floor (SelectedFit.withoutUnstable)."""
    kept = [c for c in ranking if failed(c) or stability(c) >= UNSTABLE]
    return kept if any(not failed(c) for c in kept) else ranking


def stable_method_kept_by_evidence_unfloored(ranking, method):
    return stable_method_kept(ranking, method, guard_margin)


def stable_method_kept_by_evidence(ranking, method):
    return stable_method_kept(without_unstable(ranking), method, guard_margin)


STABLE_ENOUGH_ORDER = 0.02


def guard_order(method):
    """The guard's candidates in its order (GuardedMethod.candidates): the method, then the references."""
    return [method, 'seeded-njw', 'seeded-kmeans', 'seeded-njw graph=knn']


def stable_in_guard_order(ranking, method):
    """The product (SelectedFit.mostStableFirst): of the near-best candidates within 0.02 of the
    highest stability, the first in the guard's order."""
    ranking = without_unstable(ranking)
    candidates = near(ranking, guard_margin(ranking[0]))
    if not candidates:
        return ranking[0]
    highest = stability(max(candidates, key=stability))
    order = guard_order(method)
    tied = [c for c in candidates if stability(c) >= highest - STABLE_ENOUGH_ORDER]
    position = lambda c: order.index(label(c['method'], c['parameters'])) if label(c['method'], c['parameters']) in order else len(order)
    return min(tied, key=position)


def is_knn_reference(candidate):
    return candidate['method'] == 'seeded-njw' and candidate['parameters'].get('graph') == 'knn'


def knn_reference_as_fallback(ranking, method):
    """The default without the k-NN reference unless it scored more than 0.02 above every other
    candidate that neither failed nor fell below the stability floor (as -a auto treats it)."""
    others = [c for c in without_unstable(ranking) if not failed(c) and not is_knn_reference(c)]
    knn = [c for c in ranking if is_knn_reference(c) and not failed(c)]
    if knn and knn[0]['score'] > max((c['score'] for c in others), default=-math.inf) + NEAR:
        return stable_in_guard_order(ranking, method)
    return stable_in_guard_order([c for c in ranking if not is_knn_reference(c)], method)


def fallback_rule(order_rule, by_evidence):
    """The k-NN reference only where it scored more than 0.02 above every other candidate that neither
    failed nor fell below the stability floor (and, by_evidence, more than the guard's margin at the
    best of them); then order_rule."""
    def replay(ranking, method):
        others = [c for c in without_unstable(ranking) if not failed(c) and not is_knn_reference(c)]
        knn = [c for c in ranking if is_knn_reference(c) and not failed(c)]
        best = max(others, key=lambda c: c['score'], default=None)
        lead = max(NEAR, guard_margin(best)) if by_evidence and best else NEAR
        if knn and knn[0]['score'] > (best['score'] if best else -math.inf) + lead:
            return order_rule(ranking, method)
        return order_rule([c for c in ranking if not is_knn_reference(c)], method)
    return replay


WEAK_EVIDENCE = 0.05


def neutral_first_on_weak_evidence(ranking, method):
    """SelectedFit.mostStableFirst with the guard's neutral candidate: where the guard's margin is
    above WEAK_EVIDENCE, the dense reference (NJW's own clustering) goes before the method."""
    ranking = without_unstable(ranking)
    margin = guard_margin(ranking[0])
    candidates = near(ranking, margin)
    if not candidates:
        return ranking[0]
    highest = stability(max(candidates, key=stability))
    order = guard_order(method)
    if margin > WEAK_EVIDENCE:
        order = ['seeded-njw'] + [m for m in order if m != 'seeded-njw']
    tied = [c for c in candidates if stability(c) >= highest - STABLE_ENOUGH_ORDER]
    position = lambda c: order.index(label(c['method'], c['parameters'])) if label(c['method'], c['parameters']) in order else len(order)
    return min(tied, key=position)


DEFAULT = fallback_rule(neutral_first_on_weak_evidence, True)


def without_dense_reference(rule):
    def replay(ranking, method):
        kept = [c for c in ranking if not (c['method'] == 'seeded-njw' and not c['parameters'])]
        return rule(kept, method)
    return replay


def main():
    guarded_dirs, as_set_dirs, methods = sys.argv[1], sys.argv[2], sys.argv[3].split(',')
    accuracy = {}
    njw = collections.defaultdict(dict)
    for record, parameters in records(as_set_dirs):
        if record.get('acc') is None:
            continue
        key = (record['dataset'], record['kind'], record['amount'], record['repetition'])
        name = record['algorithm']
        accuracy[(label(name, parameters),) + key] = record['acc']
        if name == 'njw':
            njw[record['dataset']][record['repetition']] = record['acc']
    rules = [('no guard', None),
             ('best score, without the dense reference', without_dense_reference(first)),
             ('best score', first),
             ('most stable within 0.02', stable),
             ('the same, the method kept within 0.01', stable_method_kept),
             ('the same, near = one standard error', stable_method_kept_by_evidence_unfloored),
             ('the same, stability at least 0.3', stable_method_kept_by_evidence),
             ('the same, ties of 0.02 in the guard\'s order', stable_in_guard_order),
             ('the k-NN reference only where it leads by 0.02', knn_reference_as_fallback),
             ('the same, and by the guard\'s margin', fallback_rule(stable_in_guard_order, True)),
             ('the same, NJW\'s own first on weak evidence (the default)', DEFAULT)]
    # a selection without candidates had too little supervision for folds: no rule decided it
    guarded = [r for r, _ in records(guarded_dirs) if r['algorithm'] in methods and r.get('selection')
               and 'candidates' in r['selection']]
    for name, rule in rules:
        per_condition = collections.defaultdict(list)
        kept = total = missing = mismatched = 0
        for record in guarded:
            selection = record['selection']
            if isinstance(selection, str):
                selection = json.loads(selection)
            key = (record['dataset'], record['kind'], record['amount'], record['repetition'])
            method = record['algorithm']
            chosen = method if rule is None else label(**{k: v for k, v in rule(selection['candidates'], method).items()
                                                          if k in ('method', 'parameters')})
            value = accuracy.get((chosen,) + key)
            if value is None:
                missing += 1
                continue
            if rule is DEFAULT and abs(value - record['acc']) > 1e-12:
                mismatched += 1
            total += 1
            kept += chosen == method
            per_condition[(method,) + key[:3]].append(value - njw[record['dataset']][record['repetition']])
        differences = [sum(v) / len(v) for v in per_condition.values()]
        below = sum(d < -0.02 for d in differences)
        print('%-60s below njw %3d of %3d, mean %+.3f, the method fitted in %d of %d%s%s' % (
            name, below, len(differences), sum(differences) / len(differences), kept, total,
            ', %d without an as-set record' % missing if missing else '',
            ', %d differ from the guarded run' % mismatched if rule is DEFAULT else ''))


def unlike_folds(guarded_dirs, as_set_dirs, methods):
    """SelectedFit.unlikeItsFolds on the record: every candidate's fit on the whole supervision (its
    as-set run's CONS) against its held-out CONS; how many fall below by more than 0.03, and how many
    chosen ones by more than two standard errors (which the product passes over)."""
    final = {}
    for record, parameters in records(as_set_dirs):
        key = (record['dataset'], record['kind'], record['amount'], record['repetition'])
        final[(label(record['algorithm'], parameters),) + key] = record.get('cons')
    compared = below = passed_over = 0
    for record, _ in records(guarded_dirs):
        if record['algorithm'] not in methods or 'candidates' not in (record.get('selection') or {}):
            continue
        key = (record['dataset'], record['kind'], record['amount'], record['repetition'])
        chosen = DEFAULT(record['selection']['candidates'], record['algorithm'])
        for candidate in record['selection']['candidates']:
            own = final.get((label(candidate['method'], candidate['parameters']),) + key)
            held_out = candidate.get('cons')
            if own is None or held_out is None or math.isnan(held_out) or failed(candidate):
                continue
            compared += 1
            below += own < held_out - 0.03
            error = math.sqrt(2 * max(held_out * (1 - held_out), 0.01) / max(held_out_constraints(candidate), 1))
            passed_over += candidate is chosen and own < held_out - 2 * error
    print('final fits against their folds: %d compared, %d more than 0.03 below their held-out CONS, '
          '%d chosen ones passed over' % (compared, below, passed_over))


if __name__ == '__main__':
    main()
    unlike_folds(sys.argv[1], sys.argv[2], sys.argv[3].split(','))
