#!/usr/bin/env bash
# Writes the project both end-to-end tests open into folder $1: a schema
# with one table, the nosqlint.toml that names it, and a .cql file whose one
# finding (an unnecessary ALLOW FILTERING) has a fix-it.
set -euo pipefail
cat > "$1/schema.cql" <<'CQL'
CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
CREATE TABLE shop.users (
  id uuid PRIMARY KEY,
  email text
);
CQL
printf 'schema = ["schema.cql"]\n' > "$1/nosqlint.toml"
printf 'SELECT * FROM shop.users WHERE id = ? ALLOW FILTERING;\n' > "$1/queries.cql"
