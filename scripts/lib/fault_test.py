"""Fault injection through the kernel boundary, behind scripts/fault-test.

For each scenario, `docrepl --batch` reads its script from a pipe on
standard input, statement by statement: it opens and edits the document,
prints a marker, and then blocks reading the rest. The driver attaches
`strace -f -p PID` to every thread at that moment, so strace's
per-thread, per-syscall call counters start at the save, then writes the
rest of the script and closes the pipe: the script's last line is `save`.
(A FIFO given to `source` would be simpler, but docrepl refuses to read
scripts from FIFOs, which could block it forever.) A clean
traced run counts the save's calls of each system call; then, for every
call index N, every system call and every errno, a fresh fixture is
saved with `-e inject=SYSCALL:error=ERRNO:when=N`.

Pass, for a save that fails: exit 1, the old document byte-identical, and
an error that names the document and the failed call. A save whose fault
came after its commit point (it has happened) must exit 0 with the new
version. Either way the next open must leave no journal or temporary item.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fixtures  # noqa: E402

SYSCALLS = ["write", "fsync", "rename", "renameat", "renameat2", "openat", "mkdirat", "unlinkat"]
ERRNOS = ["EIO", "ENOSPC", "EDQUOT"]
MARK = b"@@SAVE@@\n"
PADDING = 8
CALL = re.compile(r"^(\d+)\s+(\w+)\((.*)$")


class Scenario:
    def __init__(self, name, title, document, make, edit):
        self.name = name
        self.title = title
        self.document = document  # the file name inside the work folder
        self.make = make  # makes the old version at a path
        self.edit = edit  # DocScript lines that change the document


def scenarios():
    return [
        Scenario("single-file", "single-file save (text, 2 lines)", "a.txt",
                 lambda path: open(path, "w").write("old text\nline two\n"),
                 "set-line 1 'new text'\n"),
        Scenario("package-k1", "package save, k = 1 of 20 notes", "Pkg.notes",
                 lambda path: fixtures.make_notes_package(path, 20, size=256),
                 "note edit n1 'the new text of n1'\n"),
    ]


class Runner:
    def __init__(self, binary, root):
        self.binary = binary
        self.root = root

    def fresh(self, scenario):
        """A new folder with the old document and the scripts."""
        folder = tempfile.mkdtemp(prefix=scenario.name + "-", dir=self.root)
        path = os.path.join(folder, scenario.document)
        scenario.make(path)
        head = "open %s\n%sprint @@SAVE@@\n" % (scenario.document, scenario.edit)
        # The gated part. strace counts calls per thread, so the thread that
        # prints diagnostics makes PADDING writes first: an injection at a
        # save's write index then never also swallows the error message.
        gated = "".join("print pad\n" for _ in range(PADDING)) + "save\n"
        return folder, path, head, gated

    def save(self, scenario, inject=None):
        """Runs one save under strace; returns the exit status, docrepl's
        standard error, strace's log, and the folder."""
        folder, path, head, gated = self.fresh(scenario)
        log = os.path.join(self.root, os.path.basename(folder) + ".strace")
        docrepl = subprocess.Popen([self.binary, "--batch"], cwd=folder,
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE)
        docrepl.stdin.write(head.encode())
        docrepl.stdin.flush()
        seen = b""
        while not seen.endswith(MARK):
            chunk = docrepl.stdout.read(1)
            if not chunk:
                raise SystemExit("%s: no marker: %s" % (scenario.name,
                                                        docrepl.stderr.read().decode()))
            seen += chunk
        # docrepl now blocks reading the rest of standard input.
        command = ["strace", "-f", "-o", log, "-e", "trace=" + ",".join(SYSCALLS)]
        if inject:
            command += ["-e", "inject=%s:error=%s:when=%d" % inject]
        tracer = subprocess.Popen(command + ["-p", str(docrepl.pid)],
                                  stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        attached = ""
        while "attached" not in attached:
            line = tracer.stderr.readline()
            if "Operation not permitted" in line:
                # A container without CAP_SYS_PTRACE, under Yama's
                # ptrace_scope 1: attaching to a running process is refused.
                docrepl.kill()
                print("fault-test: skipped: strace may not attach to a running process here "
                      "(%s)" % line.strip())
                sys.exit(77)
            if not line:
                raise SystemExit("strace did not attach: " + attached)
            attached += line
        time.sleep(0.05)
        _, errors = docrepl.communicate(gated.encode())
        tracer.wait()
        tracer.stderr.close()
        with open(log) as file:
            trace = file.read().splitlines()
        return docrepl.returncode, errors.decode(errors="replace"), trace, folder, path

    def reopen(self, folder, document):
        return subprocess.run([self.binary, "run", "-"], cwd=folder,
                              input="open %s\n" % document, capture_output=True, text=True)


def is_padding(line):
    """A write to standard output: the gated script's `print pad` lines."""
    match = CALL.match(line)
    return bool(match) and match.group(2) == "write" and match.group(3).startswith("1,")


def save_calls(trace):
    """Per system call, the largest count any one thread made."""
    counts = {}
    most = {}
    for line in trace:
        match = CALL.match(line)
        if not match or match.group(2) not in SYSCALLS or is_padding(line):
            continue
        key = (match.group(1), match.group(2))
        counts[key] = counts.get(key, 0) + 1
        most[match.group(2)] = max(most.get(match.group(2), 0), counts[key])
    return most


def main():
    parser = argparse.ArgumentParser(prog="fault-test")
    parser.add_argument("--binary", required=True)
    parser.add_argument("--keep", action="store_true")
    arguments = parser.parse_args()
    root = os.path.realpath(tempfile.mkdtemp(prefix="docrepl-fault-"))
    runner = Runner(os.path.realpath(arguments.binary), root)
    fixtures.use_program(runner.binary)
    started = time.monotonic()
    print("fault-test: strace -e inject on %s" % arguments.binary)
    failures = []
    rows = []
    all_messages = []
    for scenario in scenarios():
        code, errors, trace, folder, path = runner.save(scenario)
        if code != 0:
            raise SystemExit("%s: the clean save failed: %s" % (scenario.name, errors))
        new = fixtures.digest(path)
        shutil.rmtree(folder)
        old_folder, old_path, _, _ = runner.fresh(scenario)
        old = fixtures.digest(old_path)
        shutil.rmtree(old_folder)
        most = save_calls(trace)
        points = failed = succeeded = unreached = 0
        by_call = {}
        messages = {}
        shown = {}
        for syscall in SYSCALLS:
            for index in range(1, most.get(syscall, 0) + 1):
                for errno in ERRNOS:
                    code, errors, trace, folder, path = runner.save(
                        scenario, (syscall, errno, index))
                    hit = [line for line in trace if "(INJECTED)" in line and not is_padding(line)]
                    label = "%s: %s #%d %s" % (scenario.name, syscall, index, errno)
                    if not hit:
                        unreached += 1
                        shutil.rmtree(folder)
                        continue
                    points += 1
                    by_call[syscall] = by_call.get(syscall, 0) + 1
                    problems = []
                    state = fixtures.digest(path)
                    lines = errors.strip().splitlines()
                    message = lines[0].split("error: ", 1)[-1] if lines else ""
                    reopened = runner.reopen(folder, scenario.document)
                    if reopened.returncode != 0:
                        problems.append("the next open failed: " + reopened.stderr.strip())
                    after = fixtures.digest(path)
                    if code == 1:
                        failed += 1
                        if state != old or after != old:
                            problems.append("the old document changed")
                        if scenario.document not in message:
                            problems.append("the error does not name the document: " + message)
                        call = "rename" if syscall.startswith("rename") else syscall
                        if call not in message:
                            problems.append("the error does not name %s: %s" % (syscall, message))
                    elif code == 0:
                        # After its commit point a save has happened: what a
                        # fault there leaves, the next open finishes.
                        succeeded += 1
                        if after != new:
                            problems.append("exit 0 but the document is not the new version")
                    else:
                        problems.append("exit %d: %s" % (code, errors.strip()))
                    messages.setdefault(message.split(":", 1)[-1].strip() if code == 1 else "", 0)
                    if code == 1:
                        shown.setdefault(message, label)
                    left = fixtures.litter(folder)
                    if left:
                        problems.append("left after the next open: " + ", ".join(left))
                    if problems:
                        failures.append("%s (injected: %s): %s" % (
                            label, " | ".join(h.split(None, 1)[1] for h in hit),
                            "; ".join(problems)))
                    shutil.rmtree(folder)
        rows.append((scenario, most, points, failed, succeeded, unreached, by_call))
        all_messages.extend("%s -> %s" % (label, message) for message, label in shown.items())
        print("  %-12s %d injection points: the save failed (exit 1) in %d, succeeded in %d" % (
            scenario.name, points, failed, succeeded), flush=True)
    print()
    print("| scenario | save's calls (most on one thread) | injection points | save failed (exit 1) | save succeeded (exit 0) | failures |")
    print("|---|---|---:|---:|---:|---:|")
    total = 0
    for scenario, most, points, failed, succeeded, unreached, by_call in rows:
        calls = ", ".join("%s %d" % (s, most[s]) for s in SYSCALLS if most.get(s))
        mine = sum(1 for f in failures if f.startswith(scenario.name + ":"))
        print("| %s | %s | %d | %d | %d | %d |" % (scenario.title, calls, points, failed,
                                                   succeeded, mine))
        total += points
    print()
    print("%d injection points (call index x system call x errno, each a run of the real"
          % total)
    print("binary that strace's log shows was injected) in %.0f s, %d failures"
          % (time.monotonic() - started, len(failures)))
    print()
    print("Each distinct error message, with the first injection that gave it:")
    for line in all_messages:
        print("  " + line)
    for failure in failures:
        print("FAILURE: " + failure)
    if not arguments.keep:
        shutil.rmtree(root, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
