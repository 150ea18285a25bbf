"""Fixtures and checks shared by scripts/crash-test and scripts/fault-test.

A document's state is a digest of everything at its path: a file's bytes,
a directory's names and children (recursively), a symbolic link's target.
Two states are equal exactly when the trees are byte for byte the same;
modes and times are not compared. None stands for "nothing at the path".
"""

import hashlib
import json
import os
import stat

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


def note_json(note_id, text):
    """A note file as the note-collection type writes it."""
    return json.dumps({"text": text, "title": note_id}, indent=2, sort_keys=True) + "\n"


def make_notes_package(path, count, size=1024):
    """A note collection of `count` notes of about `size` bytes each."""
    os.makedirs(path)
    ids = ["n%d" % index for index in range(1, count + 1)]
    for note_id in ids:
        text = (note_id + " ") * (size // (len(note_id) + 1))
        with open(os.path.join(path, note_id + ".json"), "w") as file:
            file.write(note_json(note_id, text))
    with open(os.path.join(path, "metadata.json"), "w") as file:
        file.write(json.dumps({"notes": ids, "title": "Bench"}, indent=2, sort_keys=True) + "\n")


def make_text(path, lines):
    """A text file of `lines` lines of 64 bytes (with the newline)."""
    with open(path, "w") as file:
        for index in range(lines):
            file.write("line %05d %s\n" % (index, "x" * 52))


def heredoc(text, tag="EOF_DOCREPL"):
    """`text` as a literal DocScript heredoc body, for `<<'EOF_DOCREPL'`."""
    assert tag not in text
    return text + ("" if text.endswith("\n") else "\n") + tag + "\n"
