"""The SIGKILL crash matrix behind scripts/crash-test (see its header).

Each trial runs a `docrepl run` script that edits a document, prints a
marker line, and saves. The driver spawns it with posix_spawn, waits for
the marker on its standard output, sleeps for a delay drawn from the
seeded generator (a fraction of the save's duration, measured first by
clean runs), and sends SIGKILL. It then records what the kill left (the
phase), lets `docrepl` reopen the document, which runs recovery, and
compares the result with the old and the new version byte for byte.
"""

import argparse
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fixtures  # noqa: E402

MARK = b"@@SAVE@@\n"

# Where a kill can land, in the order a save goes through them.
PHASES = [
    ("before", "nothing written yet (process start, read, edit, plan)"),
    ("temp", "temporary file or tree being written and synced"),
    ("swapped", "new item renamed in, old one still under a temporary name"),
    ("staging", "journal made, new files staged, no commit record yet"),
    ("commit", "COMMIT.tmp written, not yet renamed to COMMIT"),
    ("applying", "committed, the package not yet all new"),
    ("cleanup", "package all new, journal being removed"),
    ("after", "save finished on disk, process still running"),
    ("exited", "process had exited before the kill"),
]


class Scenario:
    """One row of the matrix.

    A toggling scenario's scripts take state 0 to 1 and 1 to 0, so each
    trial's old version is whichever state the last trial left. A one-way
    scenario goes from 0 to 1 only, and `reset` brings state 0 back.
    """

    toggles = False
    extra_watch = None

    def __init__(self, root, name, title):
        self.name = name
        self.title = title
        self.folder = os.path.join(root, name)
        self.scripts = os.path.join(root, name + ".scripts")
        os.makedirs(self.folder)
        os.makedirs(self.scripts)
        self.unchanged = {}  # paths whose state must never change

    def script(self, name, text):
        path = os.path.join(self.scripts, name + ".docscript")
        with open(path, "w") as file:
            file.write(text)
        return path

    def reset(self):
        """One-way scenarios: back to state 0."""

    def watched(self):
        folders = [self.folder]
        if self.extra_watch:
            folders.append(self.extra_watch)
        return folders


def path_in(scenario, name):
    return os.path.join(scenario.folder, name)


class NewFile(Scenario):
    def __init__(self, root):
        super().__init__(root, "new-file", "a new file (64 KB text)")
        self.target = path_in(self, "new.txt")
        body = "".join("new line %05d %s\n" % (i, "n" * 48) for i in range(1024))
        self.forward = {0: self.script("save", "new text\nset-text <<'EOF_DOCREPL'\n"
                                       + fixtures.heredoc(body) + "print @@SAVE@@\nsave new.txt\n")}
        self.reopen = self.script("reopen", "open %s\n" % self.target)

    def reset(self):
        if os.path.lexists(self.target):
            os.remove(self.target)


class Overwrite(Scenario):
    toggles = True

    def __init__(self, root):
        super().__init__(root, "overwrite-1mb", "overwrite a 1 MB text file (first and last line)")
        self.target = path_in(self, "big.txt")
        lines = 16384
        fixtures.make_text(self.target, lines)
        with open(self.target) as file:
            original = file.read().split("\n")
        first, last = original[0], original[lines - 1]
        edit = "open %s\nset-line 1 '%s'\nset-line %d '%s'\nprint @@SAVE@@\nsave\n"
        self.forward = {
            0: self.script("to1", edit % (self.target, "edited first", lines, "edited last")),
            1: self.script("to0", edit % (self.target, first, lines, last)),
        }
        self.reopen = self.script("reopen", "open %s\n" % self.target)


class Package(Scenario):
    toggles = True

    def __init__(self, root, k):
        super().__init__(root, "package-k%d" % k, "package, k = %d of 2,000 notes" % k)
        self.target = path_in(self, "Big.notes")
        fixtures.make_notes_package(self.target, 2000)

        def edits(version):
            return "".join(
                "note edit n%d '%s'\n" % (i, ("version %s of n%d " % (version, i)) * 50)
                for i in range(1, k + 1))

        head = "open %s\n" % self.target
        self.forward = {
            0: self.script("to1", head + edits("B") + "print @@SAVE@@\nsave\n"),
            1: self.script("to0", head + edits("A") + "print @@SAVE@@\nsave\n"),
        }
        self.reopen = self.script("reopen", "open %s\n" % self.target)


class FileBecomesFolder(Scenario):
    def __init__(self, root):
        super().__init__(
            root, "note-to-folder",
            "a note that becomes a folder (Doc.notes: a file, replaced by a package)")
        self.target = path_in(self, "Doc.notes")
        adds = "".join("note add n%d '%s'\n" % (i, ("note %d " % i) * 120) for i in range(1, 21))
        self.forward = {0: self.script("save", "new notes Doc\n" + adds
                                       + "print @@SAVE@@\nsave-as %s --replace\n" % self.target)}
        self.reopen = self.script("reopen", "open %s --type public.json\n" % self.target)
        self.reopen_folder = self.script("reopen-folder", "open %s\n" % self.target)
        self.reset()

    def reset(self):
        if os.path.isdir(self.target) and not os.path.islink(self.target):
            shutil.rmtree(self.target)
        elif os.path.lexists(self.target):
            os.remove(self.target)
        with open(self.target, "w") as file:
            file.write('{"notes": [%s]}\n' % ", ".join(
                '"a single JSON file where the package will be"' for _ in range(200)))

    def reopen_script(self):
        # The folder is opened as a note collection; the file as JSON.
        return self.reopen_folder if os.path.isdir(self.target) else self.reopen


class SaveAs(Scenario):
    def __init__(self, root, export):
        name, title = ("export", "export (200 notes to one JSON file)") if export else (
            "save-as", "save as (200 notes, one edited, to a new package)")
        super().__init__(root, name, title)
        self.source = path_in(self, "Src.notes")
        fixtures.make_notes_package(self.source, 200)
        self.unchanged[self.source] = fixtures.digest(self.source)
        self.target = path_in(self, "Export.json" if export else "Copy.notes")
        command = ("export --type public.json to %s" if export else "save-as %s") % self.target
        self.forward = {0: self.script(
            "save", "open %s\nnote edit n1 'edited before the copy'\nprint @@SAVE@@\n%s\n"
            % (self.source, command))}
        self.reopen = self.script("reopen", "open %s\nopen %s as Source\n" % (self.target, self.source))

    def reset(self):
        if os.path.isdir(self.target):
            shutil.rmtree(self.target)
        elif os.path.lexists(self.target):
            os.remove(self.target)


class Autosave(Scenario):
    def __init__(self, root):
        super().__init__(root, "autosave-untitled", "autosave of an untitled document (64 KB)")
        self.state_home = path_in(self, "state")
        self.autosaves = os.path.join(self.state_home, "docrepl", "autosave")
        self.extra_watch = self.autosaves

        def body(version):
            return "".join("%s line %05d %s\n" % (version, i, version * 48) for i in range(1024))

        self.forward = {0: self.script(
            "save", "new text\nset-text <<'EOF_DOCREPL'\n" + fixtures.heredoc(body("A"))
            + "autosave now\nset-text <<'EOF_DOCREPL'\n" + fixtures.heredoc(body("B"))
            + "print @@SAVE@@\nautosave now\n")}
        # What the first autosave writes: the old version of each trial.
        self.old_script = self.script(
            "old", "new text\nset-text <<'EOF_DOCREPL'\n" + fixtures.heredoc(body("A"))
            + "print @@SAVE@@\nautosave now\n")
        self.env = {"XDG_STATE_HOME": self.state_home}

    @property
    def target(self):
        """The autosave file: docrepl names it Untitled-<n>-<pid>-<token>.<ext>,
        unique to the process, so it is the one file in the folder that
        is not a hidden temporary item."""
        names = sorted(name for name in (os.listdir(self.autosaves)
                                         if os.path.isdir(self.autosaves) else [])
                       if not name.startswith("."))
        return os.path.join(self.autosaves, names[0] if names else "Untitled-none.txt")

    def reopen_script(self):
        return self.script("reopen", "open %s\n" % self.target)

    def reset(self):
        if os.path.isdir(self.autosaves):
            shutil.rmtree(self.autosaves)


class Driver:
    def __init__(self, binary, root, seed):
        self.binary = binary
        self.root = root
        self.rng = random.Random(seed)
        self.env = dict(os.environ)
        self.env["XDG_STATE_HOME"] = os.path.join(root, "state")
        self.stderr_path = os.path.join(root, "stderr.txt")

    def spawn(self, scenario, script):
        """Starts `docrepl run script`; returns its pid and the read end of
        its standard output."""
        read_end, write_end = os.pipe()
        env = dict(self.env)
        env.update(getattr(scenario, "env", {}))
        actions = [
            (os.POSIX_SPAWN_OPEN, 0, "/dev/null", os.O_RDONLY, 0),
            (os.POSIX_SPAWN_DUP2, write_end, 1),
            (os.POSIX_SPAWN_OPEN, 2, self.stderr_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC,
             0o644),
            (os.POSIX_SPAWN_CLOSE, read_end),
            (os.POSIX_SPAWN_CLOSE, write_end),
        ]
        os.chdir(scenario.folder)
        pid = os.posix_spawn(self.binary, [self.binary, "run", script], env,
                             file_actions=actions)
        os.close(write_end)
        return pid, read_end

    def await_mark(self, read_end):
        """Reads until the marker line; returns the time it arrived, or
        None if the output ended first."""
        seen = b""
        while not seen.endswith(MARK):
            chunk = os.read(read_end, 1)
            if not chunk:
                return None
            seen += chunk
        return time.monotonic()

    def stderr(self):
        with open(self.stderr_path, errors="replace") as file:
            return file.read()

    def run(self, scenario, script, delay=None):
        """Runs one save; kills it `delay` seconds after the marker.

        Returns (killed, exit status or None, seconds from marker to exit)."""
        pid, read_end = self.spawn(scenario, script)
        try:
            marked = self.await_mark(read_end)
            if marked is None:
                os.waitpid(pid, 0)
                raise SystemExit("%s: %s printed no marker:\n%s" % (scenario.name, script,
                                                                    self.stderr()))
            killed = False
            if delay is not None:
                remaining = marked + delay - time.monotonic()
                if remaining > 0:
                    time.sleep(remaining)
                # Still running? Reap nothing yet: WNOHANG only looks.
                done, status = os.waitpid(pid, os.WNOHANG)
                if done == 0:
                    os.kill(pid, signal.SIGKILL)
                    killed = True
                else:
                    return False, os.waitstatus_to_exitcode(status), time.monotonic() - marked
            _, status = os.waitpid(pid, 0)
            elapsed = time.monotonic() - marked
            code = os.waitstatus_to_exitcode(status)
            if killed and code != -signal.SIGKILL:
                killed = False  # it exited between the look and the kill
            return killed, code, elapsed
        finally:
            os.close(read_end)

    def reopen(self, scenario):
        script = (scenario.reopen_script() if hasattr(scenario, "reopen_script")
                  else scenario.reopen)
        env = dict(self.env)
        env.update(getattr(scenario, "env", {}))
        return subprocess.run([self.binary, "run", script], cwd=scenario.folder, env=env,
                              stdin=subprocess.DEVNULL, capture_output=True, text=True)


def first_line(text):
    lines = text.strip().splitlines()
    return lines[0] if lines else ""


def describe(path):
    """What is at `path`, for a failure's message."""
    if not os.path.lexists(path):
        return "nothing at %s" % path
    if os.path.isdir(path):
        return "a folder of %d entries at %s" % (len(os.listdir(path)), path)
    with open(path, "rb") as file:
        data = file.read()
    return "%d bytes at %s, starting %r" % (len(data), path, data[:40])


def phase_of(scenario, killed, old, new):
    if not killed:
        return "exited"
    current = fixtures.digest(scenario.target)
    litter = [(folder, name) for folder in scenario.watched() for name in fixtures.litter(folder)]
    journals = [os.path.join(f, n) for f, n in litter if n.endswith(".docrepl-journal")]
    if journals:
        entries = set(os.listdir(journals[0]))
        if current == new:
            return "cleanup"
        if "COMMIT" in entries:
            return "applying"
        if "COMMIT.tmp" in entries:
            return "commit"
        return "staging"
    if litter:
        return "swapped" if current == new else "temp"
    return "after" if current == new else "before"


def calibrate(driver, scenario, runs):
    """Clean runs: the old and new states, and the save's duration."""
    durations = []
    if scenario.toggles:
        # A first run from state 1 makes state 0 exactly what the script
        # writes, then 0 -> 1 -> 0 ... must give the same two states.
        driver.run(scenario, scenario.forward[1])
        states = [fixtures.digest(scenario.target), None]
        state = 0
        for _ in range(max(runs, 2)):
            killed, code, elapsed = driver.run(scenario, scenario.forward[state])
            if code != 0:
                raise SystemExit("%s: a clean save failed:\n%s" % (scenario.name, driver.stderr()))
            durations.append(elapsed)
            state = 1 - state
            now = fixtures.digest(scenario.target)
            if states[state] is None:
                states[state] = now
            elif states[state] != now:
                raise SystemExit("%s: a clean save is not deterministic" % scenario.name)
        scenario.state = state
    else:
        scenario.reset()
        if hasattr(scenario, "old_script"):
            driver.run(scenario, scenario.old_script)
        states = [fixtures.digest(scenario.target), None]
        for _ in range(runs):
            scenario.reset()
            killed, code, elapsed = driver.run(scenario, scenario.forward[0])
            if code != 0:
                raise SystemExit("%s: a clean save failed:\n%s" % (scenario.name, driver.stderr()))
            durations.append(elapsed)
            now = fixtures.digest(scenario.target)
            if states[1] is None:
                states[1] = now
            elif states[1] != now:
                raise SystemExit("%s: a clean save is not deterministic" % scenario.name)
        scenario.reset()
        scenario.state = 0
    if states[0] == states[1]:
        raise SystemExit("%s: the save changes nothing" % scenario.name)
    scenario.states = states
    return durations


def trial(driver, scenario, durations, stretch):
    if not scenario.toggles:
        scenario.reset()
    state = scenario.state
    old, new = scenario.states[state], scenario.states[1 - state]
    # The save's duration drifts with the machine's load: the median of the
    # last clean runs (the calibration's, then each trial that ended before
    # its kill) keeps the kills spread over the save.
    duration = statistics.median(durations[-9:])
    delay = driver.rng.random() * duration * stretch
    killed, code, elapsed = driver.run(scenario, scenario.forward[state], delay)
    if not killed and code == 0:
        durations.append(elapsed)
    if not killed and code != 0:
        return "exited", "failure", "the save failed without a kill (exit %s): %s" % (
            code, first_line(driver.stderr()))
    phase = phase_of(scenario, killed, old, new)
    reopened = driver.reopen(scenario)
    result = fixtures.digest(scenario.target)
    problems = []
    if result == old:
        outcome = "old"
    elif result == new:
        outcome = "new"
    else:
        outcome = "failure"
        problems.append("the document is neither the old nor the new version: " + describe(
            scenario.target))
    if not killed and outcome != "new":
        problems.append("the save exited 0 but the document is not the new version")
    if result is not None and reopened.returncode != 0:
        problems.append("reopening failed: " + first_line(reopened.stderr))
    if result is None and "no such file" not in reopened.stderr:
        problems.append("reopening an absent document: " + first_line(reopened.stderr))
    for path, expected in scenario.unchanged.items():
        if fixtures.digest(path) != expected:
            problems.append("%s changed" % path)
    left = [os.path.join(f, n) for f in scenario.watched() for n in fixtures.litter(f)]
    if left:
        problems.append("litter after the reopen: " + ", ".join(left))
    if problems:
        outcome = "failure"
    elif scenario.toggles:
        scenario.state = 1 - state if outcome == "new" else state
    return phase, outcome, "; ".join(problems)


def main():
    parser = argparse.ArgumentParser(prog="crash-test")
    parser.add_argument("--trials", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--calibration-runs", type=int, default=5)
    parser.add_argument("--stretch", type=float, default=1.15,
                        help="kill delays are uniform on [0, STRETCH x the save's duration]")
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--keep", action="store_true")
    arguments = parser.parse_args()

    root = os.path.realpath(os.environ.get("CRASH_TEST_DIR") or
                            __import__("tempfile").mkdtemp(prefix="docrepl-crash-"))
    driver = Driver(os.path.realpath(arguments.binary), root, arguments.seed)
    fixtures.use_program(driver.binary)
    makers = [
        lambda: NewFile(root), lambda: Overwrite(root), lambda: Package(root, 1),
        lambda: Package(root, 10), lambda: FileBecomesFolder(root), lambda: SaveAs(root, False),
        lambda: SaveAs(root, True), lambda: Autosave(root),
    ]
    started = time.monotonic()
    print("crash-test: SIGKILL crash matrix, seed %d, %d trials, binary %s"
          % (arguments.seed, arguments.trials, arguments.binary))
    print("limit: SIGKILL ends the process but keeps the kernel's page cache, so this tests")
    print("process crashes, not power loss or a kernel crash (see docs/saving.md).")
    scenarios = [make() for make in makers]
    if arguments.only:
        scenarios = [s for s in scenarios if s.name in arguments.only]
    rows = []
    failures = []
    for index, scenario in enumerate(scenarios):
        trials = arguments.trials // len(scenarios) + (
            1 if index < arguments.trials % len(scenarios) else 0)
        durations = calibrate(driver, scenario, arguments.calibration_runs)
        duration = statistics.median(durations)
        counts = {"old": 0, "new": 0, "failure": 0}
        phases = {name: 0 for name, _ in PHASES}
        for number in range(trials):
            phase, outcome, problem = trial(driver, scenario, durations, arguments.stretch)
            counts[outcome] += 1
            phases[phase] += 1
            if outcome == "failure":
                failures.append("%s, trial %d (%s): %s" % (scenario.name, number + 1, phase,
                                                           problem))
                if not scenario_rebuild(driver, scenario):
                    failures.append("%s: cannot get back to a known state; stopped" % scenario.name)
                    break
        rows.append((scenario, trials, duration, counts, phases))
        print("  %-18s %4d trials, save %.1f ms: old %d, new %d, failures %d" % (
            scenario.name, trials, duration * 1000, counts["old"], counts["new"],
            counts["failure"]), flush=True)
    report(rows, failures, time.monotonic() - started)
    os.chdir("/")
    if not arguments.keep:
        shutil.rmtree(root, ignore_errors=True)
    return 1 if failures else 0


def scenario_rebuild(driver, scenario):
    """After a failure, brings a toggling scenario back to a known state:
    a clean run of its script to state 0 rewrites every file it edits."""
    if not scenario.toggles:
        return True
    driver.run(scenario, scenario.forward[1])
    scenario.state = 0
    return fixtures.digest(scenario.target) == scenario.states[0]


def report(rows, failures, seconds):
    print()
    print("| scenario | trials | old | new | failures | save (median, ms) |")
    print("|---|---:|---:|---:|---:|---:|")
    total = {"trials": 0, "old": 0, "new": 0, "failure": 0}
    for scenario, trials, duration, counts, _ in rows:
        print("| %s | %d | %d | %d | %d | %.1f |" % (scenario.title, trials, counts["old"],
                                                     counts["new"], counts["failure"],
                                                     duration * 1000))
        total["trials"] += trials
        for key in ("old", "new", "failure"):
            total[key] += counts[key]
    print("| **all** | %d | %d | %d | %d | |" % (total["trials"], total["old"], total["new"],
                                                 total["failure"]))
    print()
    print("Where the kills landed (phase at the moment of the kill):")
    print()
    used = [name for name, _ in PHASES if any(row[4][name] for row in rows)]
    print("| scenario | " + " | ".join(used) + " |")
    print("|---|" + "---:|" * len(used))
    for scenario, _, _, _, phases in rows:
        print("| %s | %s |" % (scenario.name, " | ".join(str(phases[name]) for name in used)))
    print()
    for name, meaning in PHASES:
        if name in used:
            print("- %s: %s" % (name, meaning))
    print()
    print("%d trials in %.0f s, %d failures" % (total["trials"], seconds, len(failures)))
    for failure in failures:
        print("FAILURE: " + failure)


if __name__ == "__main__":
    sys.exit(main())
