#!/usr/bin/env python3
"""The composite GitHub Action (action.yml), checked and run offline.

Checks: the YAML parses as a composite action; every `${{ inputs.X }}` and
`steps.ID` it uses is declared; every option its nosqlint step passes is an
option of the live `nosqlint check --help`; SARIF goes through
github/codeql-action/upload-sarif. Then runs the `Run nosqlint` step's
script as the runner would (its env with the inputs' defaults, GITHUB_OUTPUT)
on a sample folder: with sarif on, a SARIF file with the finding and
exit-code=1 in the outputs; with sarif off, `::error` annotations.

Usage: action_test.py <nosqlint binary> <source dir>
"""
import json
import os
import re
import subprocess
import sys
import tempfile

import yaml

NOSQLINT, SOURCE = sys.argv[1], sys.argv[2]
EXPR = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def expressions(node):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from expressions(k)
            yield from expressions(v)
    elif isinstance(node, list):
        for v in node:
            yield from expressions(v)
    elif isinstance(node, str):
        yield from EXPR.findall(node)


def live_options():
    help_text = subprocess.run([NOSQLINT, "check", "--help"], capture_output=True,
                               text=True, check=True).stdout
    return set(re.findall(r"--[a-z][a-z-]*", help_text))


def evaluate(expr, inputs, outputs):
    """The few expressions the action uses: inputs.X, steps.ID.outputs.Y,
    github.action_path and runner.temp."""
    m = re.fullmatch(r"inputs\.([\w-]+)", expr)
    if m:
        return inputs[m.group(1)]
    m = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", expr)
    if m:
        return outputs.get(m.group(2), "")
    if expr == "github.action_path":
        return SOURCE
    if expr == "runner.temp":
        return tempfile.gettempdir()
    fail(f"unexpected expression {expr}")


def check_structure(action):
    if action.get("runs", {}).get("using") != "composite":
        fail("not a composite action")
    steps = action["runs"]["steps"]
    inputs = action.get("inputs", {})
    ids = {s["id"] for s in steps if "id" in s}
    conditions = [s["if"] for s in steps if "if" in s]
    for expr in list(expressions(action)) + conditions:
        for name in re.findall(r"inputs\.([\w-]+)", expr):
            if name not in inputs:
                fail(f"input {name} is used but not declared")
        for name in re.findall(r"steps\.([\w-]+)\.", expr):
            if name not in ids:
                fail(f"step {name} is used but does not exist")
    for name, spec in inputs.items():
        if "description" not in spec:
            fail(f"input {name} has no description")
    for s in steps:
        if "run" in s and "shell" not in s:
            fail(f"step {s.get('name')} has a run without a shell")
        if "run" in s and EXPR.search(s["run"]):
            fail(f"step {s.get('name')} pastes an expression into its script")
    uses = [s["uses"] for s in steps if "uses" in s]
    if not any(u.startswith("github/codeql-action/upload-sarif@") for u in uses):
        fail("no SARIF upload step")
    run = next(s for s in steps if s.get("id") == "run")
    options = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", run["run"]))
    unknown = options - live_options()
    if unknown:
        fail(f"the run step passes options nosqlint lacks: {sorted(unknown)}")
    return run, {k: str(v.get("default", "")) for k, v in inputs.items()}


def run_step(step, inputs, cwd):
    output = os.path.join(cwd, "github-output")
    open(output, "w").close()
    env = dict(os.environ, GITHUB_OUTPUT=output,
               PATH=os.path.dirname(os.path.abspath(NOSQLINT)) + os.pathsep +
               os.environ["PATH"])
    for k, v in step.get("env", {}).items():
        env[k] = EXPR.sub(lambda m: evaluate(m.group(1), inputs, {}), v)
    r = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=cwd, env=env,
                       capture_output=True, text=True)
    with open(output) as f:
        outputs = dict(line.split("=", 1) for line in f.read().splitlines())
    return r.returncode, r.stdout + r.stderr, outputs


def main():
    with open(os.path.join(SOURCE, "action.yml")) as f:
        action = yaml.safe_load(f)
    step, defaults = check_structure(action)
    with tempfile.TemporaryDirectory() as work:
        with open(os.path.join(work, "q.cql"), "w") as f:
            f.write("CREATE TABLE ks.t (id int PRIMARY KEY, v int);\n"
                    "SELECT * FROM ks.t WHERE v = 1;\n")
        inputs = dict(defaults, args="--no-cache")
        code, out, outputs = run_step(step, inputs, work)
        if code != 0 or outputs.get("exit-code") != "1":
            fail(f"sarif run: step exit {code}, outputs {outputs}:\n{out}")
        with open(os.path.join(work, outputs["sarif-file"])) as f:
            sarif = json.load(f)
        rules = [r["ruleId"] for r in sarif["runs"][0]["results"]]
        if "filtering-required" not in rules:
            fail(f"SARIF results: {rules}")

        inputs = dict(defaults, args="--no-cache", sarif="false")
        code, out, outputs = run_step(step, inputs, work)
        if code != 0 or outputs.get("exit-code") != "1" or "sarif-file" in outputs:
            fail(f"annotation run: step exit {code}, outputs {outputs}:\n{out}")
        if not re.search(r"^::error file=q\.cql,line=2", out, re.M):
            fail(f"no ::error annotation:\n{out}")

        inputs = dict(defaults, args="--no-such-flag")
        code, out, outputs = run_step(step, inputs, work)
        if code == 0 or outputs.get("exit-code") != "2":
            fail(f"a usage error should fail the step: exit {code}, {outputs}")
    print("action.yml: structure, options and the run step check out")


main()
