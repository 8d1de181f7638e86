import js
from pydantic import BaseModel


class Castaway(BaseModel):
    name: str
    wounds: int


Castaway.model_validate({"name": "cook", "wounds": 1})
js.performance.mark("rules-ready")
js.document.documentElement.dataset.rulesReady = "true"
