from florencia_tui.tui.widgets.common.actionbar import ActionBar
from florencia_tui.tui.widgets.common.scores import scores_table

__all__ = ["ActionBar", "scores_table"]
