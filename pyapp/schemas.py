"""JSON Schema files generated from the models; a test fails when the files are stale."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel

from .links import LinkWords
from .rules import Request, Ruling
from .rules.catalogue import Catalogue
from .rules.faqsearch import FaqMessage, QuestionsMessage

SCHEMAS: dict[str, type[BaseModel]] = {
    "request.v1.schema.json": Request,
    "ruling.v1.schema.json": Ruling,
    "cards.v1.schema.json": Catalogue,
    "faq-message.v1.schema.json": FaqMessage,
    "questions.v1.schema.json": QuestionsMessage,
    "link-words.v1.schema.json": LinkWords,
}


def schema_text(model: type[BaseModel]) -> str:
    schema = model.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def write_schemas(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, model in SCHEMAS.items():
        path = folder / name
        path.write_text(schema_text(model), encoding="utf-8")
        written.append(path)
    return written


def check_schemas(folder: Path) -> list[str]:
    """Names of schema files that are missing or differ from the models."""
    return [name for name, model in SCHEMAS.items()
            if not (folder / name).is_file()
            or (folder / name).read_text(encoding="utf-8") != schema_text(model)]
