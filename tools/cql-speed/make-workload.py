#!/usr/bin/env python3
"""Writes a large .cql file of realistic application statements (the mix of
benchmarks/cql-parse: key and range SELECTs, INSERT with TTL, collection
UPDATEs, DELETEs, LWTs, small batches, some DDL) for whole-process runs:

    make-workload.py --statements 200000 --seed 1 > big1.cql
"""
import argparse
import random
import sys

TABLES = ["shop.orders", "shop.carts", "app.users", "app.events_by_day",
          "metrics.samples"]


def statement(rng):
    t = rng.choice(TABLES)
    k = str(rng.randrange(100000))
    c = rng.randrange(20)
    if c < 4:
        return f"SELECT * FROM {t} WHERE id = {k};"
    if c < 6:
        return (f"SELECT id, name, total, writetime(total) FROM {t} WHERE id = ? "
                "AND seq >= ? AND seq < ? ORDER BY seq DESC LIMIT 100;")
    if c == 6:
        return (f"SELECT count(*) FROM {t} WHERE tenant = 'acme' AND day = "
                "'2024-05-01' AND ts > maxTimeuuid('2024-05-01 10:00+0000');")
    if c == 7:
        return (f"SELECT JSON id, tags FROM {t} WHERE id IN (1, 2, 3) AND tags "
                "CONTAINS 'x' ALLOW FILTERING;")
    if c < 12:
        return (f"INSERT INTO {t} (id, seq, name, tags, attrs, created) VALUES "
                f"({k}, 1, 'name {k}', {{'a', 'b'}}, {{'k': 'v'}}, "
                "toTimestamp(now())) USING TTL 86400;")
    if c == 12:
        return f"INSERT INTO {t} (id, payload) VALUES (?, ?) IF NOT EXISTS;"
    if c < 15:
        return (f"UPDATE {t} SET total = 1, tags = tags + {{'new'}}, "
                f"attrs['seen'] = 'yes' WHERE id = {k};")
    if c == 15:
        return (f"UPDATE {t} USING TTL 3600 SET status = 'paid' WHERE id = {k} "
                "IF status = 'open';")
    if c < 18:
        return f"DELETE FROM {t} WHERE id = {k} AND seq = 2;"
    if c == 18:
        return (f"BEGIN BATCH INSERT INTO {t} (id, seq) VALUES ({k}, 1); "
                f"UPDATE {t} SET name = 'x' WHERE id = {k}; APPLY BATCH;")
    return (f"CREATE TABLE IF NOT EXISTS {t}_{int(k) % 20} (id uuid, seq int, name text, "
            "tags set<text>, PRIMARY KEY (id, seq)) WITH CLUSTERING ORDER BY "
            "(seq DESC) AND compaction = {'class': 'LeveledCompactionStrategy'};")


def schema():
    """The keyspaces and tables the statements use, so a run checks them
    against a schema instead of reporting every table as unknown."""
    out = []
    for ks in sorted({t.split(".")[0] for t in TABLES}):
        out.append(f"CREATE KEYSPACE IF NOT EXISTS {ks} WITH replication = "
                   "{'class': 'NetworkTopologyStrategy', 'dc1': 3};")
    for t in TABLES:
        out.append(f"CREATE TABLE IF NOT EXISTS {t} (id bigint, seq int, "
                   "name text, total int, tenant text, day text, "
                   "ts timeuuid, tags set<text>, attrs map<text, text>, "
                   "created timestamp, payload blob, status text, "
                   "PRIMARY KEY (id, seq));")
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--statements", type=int, default=100000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    out = sys.stdout
    for line in schema():
        out.write(line + "\n")
    for _ in range(args.statements):
        out.write(statement(rng))
        out.write("\n")


if __name__ == "__main__":
    main()
