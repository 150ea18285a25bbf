"""Lists the public symbols of a module's symbol graphs that have no
documentation comment, for scripts/docs.

    python3 scripts/lib/undocumented.py MODULE SYMBOL-GRAPH-DIR

Prints one line per symbol (its path, kind, and where it is declared) and
exits 1 if there is any. A symbol needs no comment of its own when:

- the compiler made it, or it comes from a protocol's extension in another
  module (its memberOf relationship names a sourceOrigin);
- it is a protocol extension's default implementation of a requirement
  (the requirement carries the documentation);
- it implements a requirement of a standard protocol whose meaning is
  fixed (Equatable's ==, Hashable's hash(into:), an OptionSet's rawValue,
  LocalizedError's texts, CustomStringConvertible's description…), or a
  requirement of a protocol declared in this module, which is documented
  where it is declared.
"""

import glob
import json
import os
import sys

# Requirements of standard protocols, by the name the symbol graph gives.
STANDARD_REQUIREMENTS = {
    "==(_:_:)", "!=(_:_:)", "<(_:_:)", "hash(into:)", "hashValue", "rawValue",
    "init(rawValue:)", "description", "debugDescription", "errorDescription",
    "failureReason", "recoverySuggestion", "helpAnchor", "localizedDescription",
    "init(from:)", "encode(to:)", "makeIterator()", "next()", "Element", "Iterator",
    "RawValue", "Output", "Failure", "allCases", "AllCases",
    "errorCode", "errorUserInfo", "errorDomain",
    "init(stringLiteral:)", "init(arrayLiteral:)", "init(integerLiteral:)",
    "StringLiteralType", "ArrayLiteralElement", "IntegerLiteralType",
}


def main():
    module, folder = sys.argv[1], sys.argv[2]
    paths = sorted(glob.glob(os.path.join(folder, module + ".symbols.json"))
                   + glob.glob(os.path.join(folder, module + "@*.symbols.json")))
    if not paths:
        print(f"no symbol graph for {module} in {folder}", file=sys.stderr)
        return 2
    symbols, relationships = {}, []
    for path in paths:
        graph = json.load(open(path))
        for symbol in graph["symbols"]:
            symbols[symbol["identifier"]["precise"]] = symbol
        relationships += graph.get("relationships", [])

    exempt = set()
    # Requirements of this module's protocols, by protocol and name.
    requirements = {}
    for relation in relationships:
        source, kind = relation["source"], relation["kind"]
        if kind == "memberOf" and "sourceOrigin" in relation:
            exempt.add(source)
        if kind == "defaultImplementationOf":
            exempt.add(source)
        if kind in ("requirementOf", "optionalRequirementOf") and source in symbols:
            requirements.setdefault(relation["target"], set()).add(
                symbols[source]["names"]["title"])
    # Members of a type that conforms to one of this module's protocols,
    # named as one of its requirements, implement that requirement.
    conformances = {}
    for relation in relationships:
        if relation["kind"] == "conformsTo":
            conformances.setdefault(relation["source"], set()).add(relation["target"])
    for relation in relationships:
        if relation["kind"] != "memberOf" or relation["source"] not in symbols:
            continue
        title = symbols[relation["source"]]["names"]["title"]
        for protocol in conformances.get(relation["target"], ()):
            if title in requirements.get(protocol, ()):
                exempt.add(relation["source"])

    missing = []
    for identifier, symbol in symbols.items():
        if symbol.get("docComment") or identifier in exempt:
            continue
        if symbol["names"]["title"] in STANDARD_REQUIREMENTS:
            continue
        # A protocol's own requirement that is documented elsewhere is
        # still a requirement without documentation: it is reported.
        location = symbol.get("location", {})
        where = location.get("uri", "").replace("file://", "")
        line = location.get("position", {}).get("line", -1) + 1
        missing.append((where, line, ".".join(symbol["pathComponents"]),
                        symbol["kind"]["displayName"]))
    for where, line, path, kind in sorted(missing):
        print(f"{where}:{line}: warning: public {kind.lower()} '{path}' has no documentation")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
