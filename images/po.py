"""`python -m images.po`: print the pictures' English labels that the i18n catalog lacks, as .po entries."""

from __future__ import annotations

from .labels import po_fragment

if __name__ == "__main__":
    print(po_fragment())
