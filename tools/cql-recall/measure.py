#!/usr/bin/env python3
"""Recall of `nosqlint queries` on public Cassandra applications (issue 15).

The query sites of each repository were found by hand (sites.tsv: repo,
commit, file relative to the repository root, line, kind, note); a site
counts as listed when `nosqlint queries` lists a statement in the same file
within 3 lines of it (one listed statement stands for one site only: pairs
are taken nearest first). `kind` is `string` (a CQL string, constant, format or
concatenation) or `builder`, `mapper`, `repository`, `orm` (the statement is
built by a library). The trees are the repositories materialized at the
commit of sites.tsv under --trees, as <owner>+<name> or, when the commit is
not the snapshot's HEAD, <owner>+<name>@<first 7 digits of the commit>;
repos.tsv names the subtree analyzed when only part of a repository is.

judgments.tsv (repo, file, line, rule, verdict true|false, reason) holds the
verdict on each error and warning finding of a plain run
(`nosqlint --format=json --fail-on=never`); the findings of the current run
that no judgment covers, and the judgments whose finding is gone, are listed.

usage: measure.py --binary /tmp/nosqlint-latest --trees /tmp/cqlrecall
                  [--sites sites.tsv] [--repos repos.tsv]
                  [--judgments judgments.tsv] [--misses] [--only owner/name]
                  [--jobs 2]

The measure itself is tools/recall/recall.py, shared with the other set;
the trees are laid out by tools/recall/materialize.py.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'recall'))
import recall  # noqa: E402

CQL = recall.RecallSet(
    HERE, title='a CQL statement',
    direct=('string',), other=('builder', 'mapper', 'repository', 'orm'),
    entry_filter=lambda e: e.get('dialect', 'cql') == 'cql',
    finding_filter=lambda d: True,
    direct_label='string',
    targets='string recall >= 95%, builder/mapper/repository/ORM recall >= 85%',
    unparsed_column=True,
    sample_note='repositories with more than 30 findings: a random sample of 30 is judged')

if __name__ == '__main__':
    recall.measure(CQL)
