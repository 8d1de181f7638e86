"""The rules core: pure Python (standard library and pydantic only), no browser imports."""

from .demands import Demand, Effect
from .errors import RulingError
from .formats import Request
from .referee import rule
from .ruling import Choices, Context, Ruling, Step
from .state import Character, TableState

__all__ = ["Character", "Choices", "Context", "Demand", "Effect", "Request", "Ruling",
           "RulingError", "Step", "TableState", "rule"]
