"""Counts the public declarations of this package's library modules, for
scripts/public-api.

    python3 scripts/lib/public_api.py [--list] [MODULE...]

A declaration is public when its own access modifier is `public` or
`open` (`public private(set) var` counts once). Every kind counts: types,
members, initializers and subscripts. Enum cases take the enum's access
and are not counted, and nor are extensions (the package writes the
modifier on each member; the script fails on a `public extension`). A "type"
is a public class, struct, enum, actor, protocol or typealias, nested or
not. The scan reads the source, not a symbol graph, so it needs no build;
a declaration is one line that starts with its attributes and modifiers,
as `swift format` leaves them.

Prints one line per module: declarations, of which types. With --list,
also each declaration (file:line and the line) so two counts can be
compared.
"""

import os
import re
import sys

MODULES = ["DocKit", "DocScript", "DocFormats", "DocShell"]
ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))

MODIFIER = (
    r"(?:static|class|final|mutating|nonmutating|consuming|borrowing|nonisolated"
    r"|override|convenience|required|indirect|dynamic|lazy|weak|unowned"
    r"|(?:internal|private|fileprivate|package)\(set\))"
)
DECLARATION = re.compile(
    r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:" + MODIFIER + r"\s+)*"
    r"(public|open)\s+(?:" + MODIFIER + r"\s+)*"
    r"(func|var|let|class|struct|enum|actor|protocol|typealias|init|subscript"
    r"|associatedtype|extension|macro|operator)\b"
)
TYPES = {"class", "struct", "enum", "actor", "protocol", "typealias"}


def declarations(module):
    base = os.path.join(ROOT, "Sources", module)
    found = []
    for folder, _, files in sorted(os.walk(base)):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as source:
                for number, line in enumerate(source, 1):
                    if line.lstrip().startswith("//"):
                        continue
                    match = DECLARATION.match(line)
                    if not match:
                        continue
                    kind = match.group(2)
                    if kind == "extension":
                        sys.exit(f"{path}:{number}: a public extension: write the access on each member")
                    found.append((os.path.relpath(path, ROOT), number, kind, line.strip()))
    return found


def main():
    args = sys.argv[1:]
    listing = "--list" in args
    modules = [a for a in args if a != "--list"] or MODULES
    for module in modules:
        if not os.path.isdir(os.path.join(ROOT, "Sources", module)):
            sys.exit(f"no module {module}")
        found = declarations(module)
        types = sum(1 for (_, _, kind, _) in found if kind in TYPES)
        print(f"{module}: {len(found)} public declarations, {types} public types")
        if listing:
            for path, number, _, line in found:
                print(f"  {path}:{number}: {line}")


if __name__ == "__main__":
    main()
