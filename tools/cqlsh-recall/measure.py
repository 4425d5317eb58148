#!/usr/bin/env python3
"""Recall of `nosqlint queries` on the cqlsh calls of YAML files and
Makefiles (issue 15, part 3: Kubernetes manifests, compose files, CI
workflows, ConfigMaps, Makefile recipes).

sites.tsv holds the sites found by hand (repo, commit, file, line, kind,
note): `shell` is a statement a cqlsh call of a YAML value or a recipe line
runs (-e, standard input), `config` a statement of a CQL file held by a
YAML key (a ConfigMap's `init.cql: |`). A site is listed when `nosqlint
queries` lists a statement of the same file within 3 lines (one statement
stands for one site). judgments.tsv holds the verdict on each finding of a
plain run. The trees are laid out as in tools/cql-recall/README.md.

usage: measure.py --binary build/tools/nosqlint/nosqlint --trees /tmp/cqlshrecall
                  [--misses] [--only owner/name]
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'recall'))
import recall  # noqa: E402

def in_measured_file(d):
    """A finding of a YAML file or a Makefile: the surfaces measured here
    (the repositories' host code and .cql files are measured elsewhere)."""
    name = os.path.basename(d.get('file', ''))
    return (name.endswith(('.yaml', '.yml', '.mk')) or
            name in ('Makefile', 'makefile', 'GNUmakefile'))


CQLSH = recall.RecallSet(
    HERE, title='a CQL statement run by cqlsh',
    direct=('shell',), other=('config',),
    entry_filter=lambda e: e.get('dialect', 'cql') == 'cql',
    finding_filter=in_measured_file,
    direct_label='shell',
    targets='shell and config recall: every site the reader models',
    unparsed_column=True,
    findings_scope=' in YAML files and Makefiles')

if __name__ == '__main__':
    recall.measure(CQLSH)
