#!/usr/bin/env python3
"""Recall of `nosqlint queries` on public DynamoDB applications (issue 16).

The request sites of each repository were found by hand (sites.tsv: repo,
commit, file relative to the repository root, line, kind, note); a site
counts as listed when `nosqlint queries` lists a DynamoDB request in the same
file within 3 lines of it (one listed request stands for one site only:
pairs are taken nearest first). `kind` is `sdk` (a request an AWS SDK call or
request object writes: boto3, JS v2/v3, Java v1/v2 builders and the v1
Document API, Go input literals, .NET requests and the DocumentModel),
`partiql` (a PartiQL statement), `mapper` (DynamoDBMapper, the Java v2
enhanced client, the .NET DataModel), `orm` (PynamoDB, guregu/dynamo,
ElectroDB, dynamodb-toolbox, Dynamoose) or `wrapper` (a call of the
application's own function whose parameters flow into one of those). The
trees are the repositories materialized at the commit of sites.tsv under
--trees, as <owner>+<name> or, when the commit is not the one of the
repository's first row in repos.tsv, <owner>+<name>@<first 7 digits>;
repos.tsv names the subtrees analyzed (comma-separated).

judgments.tsv (repo, file, line, rule, verdict true|false, reason; repo is
written owner/name@<commit7> for a tree of a second commit) holds the
verdict on each error and warning finding of a plain run
(`nosqlint --format=json --fail-on=never`) on DynamoDB requests; the findings
of the current run that no judgment covers, and the judgments whose finding
is gone, are listed.

usage: measure.py --binary /tmp/nosqlint-latest --trees /tmp/ddbrecall
                  [--sites sites.tsv] [--repos repos.tsv]
                  [--judgments judgments.tsv] [--misses] [--unjudged]
                  [--only owner/name] [--jobs 2]

The measure itself is tools/recall/recall.py, shared with the other set;
the trees are laid out by tools/recall/materialize.py.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'recall'))
import recall  # noqa: E402


def is_ddb(d):
    rule = d.get('rule', '')
    return d.get('dialect') == 'dynamodb' or rule.startswith('dynamodb') or \
        d.get('file', '').endswith(('.py', '.go', '.java', '.kt', '.ts', '.js', '.cs'))


DDB = recall.RecallSet(
    HERE, title='a DynamoDB request',
    direct=('sdk', 'partiql'), other=('mapper', 'orm', 'wrapper'),
    entry_filter=lambda e: e.get('dialect') == 'dynamodb',
    finding_filter=is_ddb,
    direct_label='SDK+PartiQL',
    targets='SDK and PartiQL recall >= 95%, mapper/ORM/wrapper recall >= 85%',
    findings_scope=' on DynamoDB requests')

if __name__ == '__main__':
    recall.measure(DDB)
