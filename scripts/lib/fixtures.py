"""Fixtures and checks shared by scripts/crash-test and scripts/fault-test.

A note collection is made by docrepl itself (`make_notes_package` runs a
script of `note add` commands and `save-as`), so the package format lives
in one place, the program; call `use_program` with the binary under test
first. Text files are plain bytes, which needs no program.

A document's state is a digest of everything at its path: a file's bytes,
a directory's names and children (recursively), a symbolic link's target.
Two states are equal exactly when the trees are byte for byte the same;
modes and times are not compared. None stands for "nothing at the path".
"""

import hashlib
import os
import stat
import subprocess
import tempfile

# What DocKit names the items it keeps beside a document while saving it:
# .<stem>.<hash>.docrepl-journal, .<stem>.<hash>.docrepl-<random>.tmp and
# .<stem>.<hash>.docrepl-<random>.old (docs/saving.md, "Names beside a
# document").
LITTER_MARK = ".docrepl-"


def digest(path):
    """The state of `path`: None if nothing is there."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    hasher = hashlib.sha256()
    _feed(hasher, path, info)
    return hasher.hexdigest()


def _feed(hasher, path, info):
    if stat.S_ISLNK(info.st_mode):
        hasher.update(b"L" + os.fsencode(os.readlink(path)) + b"\0")
    elif stat.S_ISDIR(info.st_mode):
        names = sorted(os.listdir(path), key=os.fsencode)
        hasher.update(b"D%d\0" % len(names))
        for name in names:
            hasher.update(os.fsencode(name) + b"\0")
            child = os.path.join(path, name)
            _feed(hasher, child, os.lstat(child))
    elif stat.S_ISREG(info.st_mode):
        with open(path, "rb") as file:
            data = file.read()
        hasher.update(b"F%d\0" % len(data))
        hasher.update(data)
    else:
        hasher.update(b"?%o\0" % info.st_mode)


def litter(folder):
    """Journals and temporary items DocKit left in `folder`, sorted."""
    try:
        names = os.listdir(folder)
    except FileNotFoundError:
        return []
    return sorted(n for n in names if n.startswith(".") and LITTER_MARK in n)


# The docrepl binary that makes the fixtures: see use_program.
_program = None


def use_program(binary):
    """Makes fixtures with the docrepl at `binary` from now on."""
    global _program
    _program = binary


def make_notes_package(path, count, size=1024):
    """A note collection of `count` notes (n1, n2, ...) of about `size`
    bytes each, titled "Bench", saved to `path` by docrepl."""
    if _program is None:
        raise RuntimeError("fixtures.use_program(binary) was not called")
    lines = ["new notes Bench", "title Bench"]
    for index in range(1, count + 1):
        note_id = "n%d" % index
        text = (note_id + " ") * (size // (len(note_id) + 1))
        lines.append("note add %s '%s'" % (note_id, text))
    assert "'" not in path
    lines.append("save-as '%s'" % path)
    with tempfile.NamedTemporaryFile("w", suffix=".docscript", delete=False) as script:
        script.write("\n".join(lines) + "\n")
    try:
        subprocess.run([_program, "run", script.name], check=True, stdout=subprocess.DEVNULL,
                       cwd=os.path.dirname(os.path.abspath(path)))
    finally:
        os.remove(script.name)


def make_text(path, lines):
    """A text file of `lines` lines of 64 bytes (with the newline)."""
    with open(path, "w") as file:
        for index in range(lines):
            file.write("line %05d %s\n" % (index, "x" * 52))


def heredoc(text, tag="EOF_DOCREPL"):
    """`text` as a literal DocScript heredoc body, for `<<'EOF_DOCREPL'`."""
    assert tag not in text
    return text + ("" if text.endswith("\n") else "\n") + tag + "\n"
