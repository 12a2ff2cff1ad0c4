"""Hard-coded seat, trick and tile literals in the code, the measure of issue 21 (games as data).

    python bench/literals.py [CHECKOUT] [--exclude REGEX] [--files]

Reads the C++, binding and Python sources git tracks under cpp/, src/ and python/ of CHECKOUT (this
checkout by default), with comments and strings stripped, and counts: `& 3`, `% 4`, `== 4` / `!= 4`
(seat arithmetic, the trick size), `kSeats`, `& 1` (a seat's side; bit tests `x >> n & 1` and
`(...) & 1` are not counted), `range(4)`, and the numbers 4, 7, 28, 42 and 84 (seats, a hand's
tiles and tricks, the set's tiles, a hand's points, two marks). `--exclude` leaves out files whose
path matches (e.g. the files that define those sizes: the seating, the rules, the contract table);
`--files` lists the files with the most."""
import argparse
import io
import re
import subprocess
import tokenize
from collections import Counter

BIT_TESTS = re.compile(r"(>>\s*\w+|\))\s*&\s*1\b")  # a bit of a mask, not a side

PATTERNS = {
    "& 3": r"&\s*3\b", "% 4": r"%\s*4\b", "==/!= 4": r"[=!]=\s*4\b", "kSeats": r"\bkSeats\b",
    "& 1": r"&\s*1\b", "range(4)": r"range\(4\)",
    "4": r"(?<![\w.])4(?![\w.])", "7": r"(?<![\w.])7(?![\w.])", "28": r"(?<![\w.])28(?![\w.])",
    "42": r"(?<![\w.])42(?![\w.])", "84": r"(?<![\w.])84(?![\w.])",
}


def code_of_python(text):
    out = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type in (tokenize.COMMENT, tokenize.STRING) or tok.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
                continue
            out.append(tok.string)
    except (tokenize.TokenError, IndentationError):
        return text
    return " ".join(out)


def code_of_cpp(text):
    text = re.sub(r"//[^\n]*", " ", text)
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.DOTALL)
    return re.sub(r'"(?:\\.|[^"\\])*"', '""', text)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("checkout", nargs="?", default=".")
    ap.add_argument("--exclude", help="leave out files whose path matches this regular expression")
    ap.add_argument("--files", action="store_true", help="list the files with the most")
    args = ap.parse_args()
    listing = ["git", "-C", args.checkout, "ls-files", "cpp", "src", "python"]
    files = subprocess.run(listing, check=True, capture_output=True, text=True).stdout.split()
    counts, by_file = Counter(), Counter()
    for f in files:
        if not f.endswith((".py", ".cpp", ".hpp")) or (args.exclude and re.search(args.exclude, f)):
            continue
        with open(f"{args.checkout}/{f}") as source:
            text = source.read()
        code = code_of_python(text) if f.endswith(".py") else code_of_cpp(text)
        code = BIT_TESTS.sub(" ", code)
        for name, pattern in PATTERNS.items():
            n = len(re.findall(pattern, code))
            counts[name] += n
            by_file[f] += n
    for name in PATTERNS:
        print(f"{name:10} {counts[name]:4}")
    print(f"{'total':10} {sum(counts.values()):4}")
    if args.files:
        for f, n in by_file.most_common(25):
            if n:
                print(f"  {n:4} {f}")


if __name__ == "__main__":
    main()
