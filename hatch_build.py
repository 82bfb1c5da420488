"""Build hook: compile the gettext catalogs (.po -> .mo) and the built-in rule packs
(YAML -> JSON, which loads faster) into the wheel. Neither output is kept in git."""

from __future__ import annotations

import json
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version, build_data):
        root = Path(self.root)
        self._compile_catalogs(root)
        self._compile_packs(root)

    @staticmethod
    def _compile_catalogs(root: Path) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po_path in sorted((root / "locales").glob("*/LC_MESSAGES/*.po")):
            with po_path.open("rb") as handle:
                catalog = read_po(handle, locale=po_path.parts[-3])
            with po_path.with_suffix(".mo").open("wb") as handle:
                write_mo(handle, catalog, use_fuzzy=False)

    @staticmethod
    def _compile_packs(root: Path) -> None:
        import zlib

        import yaml

        for pack in sorted((root / "rules").glob("*.yaml")):
            raw = pack.read_bytes()
            # the same document as fives_tutor.packs.compiled_copy, which the tests compare
            document = {"yaml_crc32": zlib.crc32(raw), "yaml_size": len(raw), "pack": yaml.safe_load(raw.decode("utf-8"))}
            pack.with_suffix(".json").write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
