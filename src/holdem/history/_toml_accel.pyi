import datetime
from decimal import Decimal
from typing import Any

def install(decimal_type: type[Decimal], time_type: type[datetime.time], /) -> None: ...
def scan(
    src: str, pos: int, root: dict[str, Any], table: dict[str, Any], /
) -> tuple[int, dict[str, Any]]: ...
