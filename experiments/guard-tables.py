#!/usr/bin/env python3
"""The tables of docs/results/84-default-guard.md from `csc experiment` folders.

usage: experiments/guard-tables.py NONE_DIRS AUTO_DIRS METHODS [COP_DIRS]

NONE_DIRS: comma-separated folders of runs with --param select=none, njw among them;
AUTO_DIRS: the same draws at the default (select=auto); METHODS: comma-separated;
COP_DIRS: folders holding cop-kmeans on the same draws (optional).
Prints, per method: mean ACC as set and at the default, the mean difference to njw, the
conditions more than 0.02 below njw, the worst one, the ratio of mean fit times; then wins /
ties / losses (difference above 0.01) against njw and against cop-kmeans.
"""
import collections
import json
import sys


def load(folders):
    accuracy = collections.defaultdict(dict)
    seconds = collections.defaultdict(list)
    for folder in folders.split(','):
        with open(folder + '/records.jsonl') as records:
            for line in records:
                record = json.loads(line)
                if record.get('failure') or record.get('acc') is None:
                    continue
                if record['constrained']:
                    key = (record['algorithm'], record['dataset'], record['kind'], record['amount'])
                else:
                    key = (record['algorithm'], record['dataset'])
                accuracy[key][record['repetition']] = record['acc']
                seconds[record['algorithm']].append(record['seconds'])
    return accuracy, seconds


def mean(values):
    return sum(values) / len(values)


def main():
    none, none_seconds = load(sys.argv[1])
    auto, auto_seconds = load(sys.argv[2])
    methods = sys.argv[3].split(',')
    cop = load(sys.argv[4])[0] if len(sys.argv) > 4 else {}
    print('| method | mean ACC, none | mean ACC, auto | vs njw, none | vs njw, auto '
          '| > 0.02 below njw, none | auto | worst vs njw, auto | fit time, auto / none |')
    print('|---|---:|---:|---:|---:|---:|---:|---|---:|')
    outcomes = {}
    for method in methods:
        conditions = sorted(key for key in auto if key[0] == method and key in none)
        rows = []
        for key in conditions:
            njw = mean(none[('njw', key[1])].values())
            rows.append((key, mean(none[key].values()) - njw, mean(auto[key].values()) - njw,
                         mean(none[key].values()), mean(auto[key].values())))
        worst = min(rows, key=lambda row: row[2])
        ratio = mean(auto_seconds[method]) / mean(none_seconds[method])
        print('| %s | %.3f | %.3f | %+.3f | %+.3f | %d | %d | %+.3f (%s, %s %s) | %.1fx |' % (
            method, mean([r[3] for r in rows]), mean([r[4] for r in rows]), mean([r[1] for r in rows]),
            mean([r[2] for r in rows]), sum(r[1] < -0.02 for r in rows), sum(r[2] < -0.02 for r in rows),
            worst[2], worst[0][1], worst[0][2], worst[0][3], ratio))
        outcomes[method] = (rows, conditions)
    print()
    print('| method | conditions | vs njw W / T / L, none | auto | vs cop-kmeans W / T / L, none | auto |')
    print('|---|---:|---|---|---|---|')
    for method in methods:
        rows, conditions = outcomes[method]
        cells = []
        for column in (1, 2):
            cells.append(tally(row[column] for row in rows))
        for source in (none, auto):
            cells.append(tally(mean(source[key].values()) - mean(cop[('cop-kmeans',) + key[1:]].values())
                               for key in conditions if ('cop-kmeans',) + key[1:] in cop))
        print('| %s | %d | %s | %s | %s | %s |' % (method, len(rows), *cells))


def tally(differences):
    wins = ties = losses = 0
    for difference in differences:
        if difference > 0.01:
            wins += 1
        elif difference < -0.01:
            losses += 1
        else:
            ties += 1
    return '%d / %d / %d' % (wins, ties, losses)


if __name__ == '__main__':
    main()
