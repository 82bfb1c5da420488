"""Build hook: compile the gettext catalogs (.po -> .mo) and the built-in rule packs
(YAML -> JSON, which loads faster) into the wheel. The compiled files are written to
a temporary folder, not into the source tree, and neither is kept in git."""

from __future__ import annotations

import json
import tempfile
import zlib
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version, build_data):
        root = Path(self.root)
        self._folder = tempfile.TemporaryDirectory(prefix="fives-tutor-build-")
        out = Path(self._folder.name)
        for source, target in self._compile_catalogs(root, out) + self._compile_packs(root, out):
            build_data["force_include"][str(source)] = target

    def finalize(self, version, build_data, artifact_path):
        self._folder.cleanup()

    @staticmethod
    def _compile_catalogs(root: Path, out: Path) -> list[tuple[Path, str]]:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        made = []
        for po_path in sorted((root / "locales").glob("*/LC_MESSAGES/*.po")):
            language = po_path.parts[-3]
            mo_path = out / "locales" / language / (po_path.stem + ".mo")
            mo_path.parent.mkdir(parents=True, exist_ok=True)
            with po_path.open("rb") as handle:
                catalog = read_po(handle)
            with mo_path.open("wb") as handle:
                write_mo(handle, catalog, use_fuzzy=False)
            made.append((mo_path, f"fives_tutor/locales/{language}/LC_MESSAGES/{po_path.stem}.mo"))
        return made

    @staticmethod
    def _compile_packs(root: Path, out: Path) -> list[tuple[Path, str]]:
        import yaml

        made = []
        for pack in sorted((root / "rules").glob("*.yaml")):
            raw = pack.read_bytes()
            # the same document as fives_tutor.packs.loader.compiled_copy, which the tests compare
            document = {"yaml_crc32": zlib.crc32(raw), "yaml_size": len(raw), "pack": yaml.safe_load(raw.decode("utf-8"))}
            target = out / "rules" / (pack.stem + ".json")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
            made.append((target, f"fives_tutor/rules/{pack.stem}.json"))
        return made
