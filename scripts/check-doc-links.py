#!/usr/bin/env python3
"""Every relative link of the documentation resolves.

Reads README.md, RELIABILITY.md, ARCHITECTURE.md and docs/**/*.md. For each Markdown link or
image `[text](target)` (and `<a href>`/`<img src>`) whose target is not a URL: the file or
folder it names exists, relative to the document; a `#anchor` (alone, or after a path to a
Markdown file) is the GitHub-style slug of a heading of that file. Links inside fenced code
blocks and inline code are not links. Prints each broken link as `file:line: link` and exits
1 when there is one. `make test` runs it.
"""
import os
import re
import sys
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FENCE = re.compile(r"^\s*(```|~~~)")
INLINE_CODE = re.compile(r"(`+)(.+?)\1")
# [text](target "title") and ![alt](target); the text may hold one level of brackets.
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^()\s<>]+(?:\([^()\s]*\)[^()\s<>]*)*)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML = re.compile(r"<(?:a|img)\s[^>]*?(?:href|src)\s*=\s*\"([^\"]+)\"", re.IGNORECASE)
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ANCHOR = re.compile(r"<a\s[^>]*?(?:name|id)\s*=\s*\"([^\"]+)\"", re.IGNORECASE)


def documents():
    names = ["README.md", "RELIABILITY.md", "ARCHITECTURE.md"]
    for folder, _, files in sorted(os.walk(os.path.join(ROOT, "docs"))):
        for name in sorted(files):
            if name.endswith(".md"):
                names.append(os.path.relpath(os.path.join(folder, name), ROOT))
    return [name for name in names if os.path.isfile(os.path.join(ROOT, name))]


def lines_outside_fences(text):
    """(line number, line) for each line not in a fenced block (nor a fence itself)."""
    fenced = None
    for number, line in enumerate(text.split("\n"), 1):
        match = FENCE.match(line)
        if match:
            if fenced is None:
                fenced = match.group(1)
            elif line.strip().startswith(fenced):
                fenced = None
            continue
        if fenced is None:
            yield number, line


def lines_outside_code(text):
    """(line number, line) for each line not in a fenced block, inline code blanked out."""
    for number, line in lines_outside_fences(text):
        yield number, INLINE_CODE.sub(lambda m: " " * len(m.group(0)), line)


def slug(heading):
    """GitHub's anchor for a heading: its text without markup, lower case, punctuation other
    than `-` and `_` dropped, each space a `-`."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links: their text
    text = re.sub(r"<[^>]+>", "", text)                           # inline HTML
    text = text.replace("`", "").replace("*", "")
    text = re.sub(r"(?<!\w)_|_(?!\w)", "", text)                 # emphasis, not snake_case
    text = text.strip().lower()
    kept = []
    for char in text:
        category = unicodedata.category(char)
        if char in "-_ " or category[0] in "LN" or category == "Mn":
            kept.append("-" if char == " " else char)
    return "".join(kept)


_anchors = {}


def anchors(path):
    """The anchors of the Markdown file at `path`: its headings' slugs (a repeated slug gets
    -1, -2… as on GitHub) and explicit `<a name>`/`<a id>`."""
    if path not in _anchors:
        found, seen = set(), {}
        with open(path, encoding="utf-8") as file:
            text = file.read()
        for _, line in lines_outside_code(text):
            found.update(HTML_ANCHOR.findall(line))
        for _, line in lines_outside_fences(text):
            heading = HEADING.match(line)
            if heading:
                base = slug(heading.group(2))
                count = seen.get(base, 0)
                seen[base] = count + 1
                found.add(base if count == 0 else f"{base}-{count}")
        _anchors[path] = found
    return _anchors[path]


def broken(document):
    """(line, target) for each link of `document` that does not resolve."""
    path = os.path.join(ROOT, document)
    with open(path, encoding="utf-8") as file:
        text = file.read()
    for number, line in lines_outside_code(text):
        for target in LINK.findall(line) + HTML.findall(line):
            if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target) or target.startswith("//"):
                continue  # https:, mailto:… — not checked here
            file_part, _, anchor = target.partition("#")
            file_part = file_part.split("?", 1)[0]
            resolved = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
            if not os.path.exists(resolved):
                yield number, target
                continue
            if anchor and (os.path.isdir(resolved) or not resolved.endswith(".md") or anchor not in anchors(resolved)):
                yield number, target


def main():
    failures = [f"{document}:{line}: {target}" for document in documents() for line, target in broken(document)]
    for failure in failures:
        print(failure)
    if failures:
        print(f"check-doc-links: {len(failures)} broken link(s)", file=sys.stderr)
        return 1
    print(f"check-doc-links: every relative link of {len(documents())} documents resolves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
