"""What every page shares, by kind: words (:mod:`.words`), HTML pieces (:mod:`.panes`), the
page's layout and what is built later (:mod:`.layout`), input fields (:mod:`.fields`),
charts (:mod:`.charts`) and "Roll it" (:mod:`.roll`). Every name is re-exported here, so a
page imports from :mod:`webapp.components`.

Nothing here is a rule: every number a page shows comes from :mod:`rules`, through its
model's result.
"""

from __future__ import annotations

from webapp.components.charts import BarChart, ChartWithTable, set_data, style_figure
from webapp.components.fields import (
    ChoiceButtons,
    Field,
    Group,
    LazyField,
    general_error,
    group,
    groups_in,
    input_field,
    inputs_in,
)
from webapp.components.layout import (
    AttributedRow,
    Later,
    LaterColumn,
    LaterRow,
    ShownLater,
    Waiting,
    details_column,
    inputs_column,
    page_layout,
    row,
)
from webapp.components.panes import (
    AttributedHTML,
    Figure,
    TextAlert,
    TextLabel,
    chart_table_html,
    figures_html,
    heading,
    html_pane,
    html_table,
    note,
    note_html,
    summary_pane,
)
from webapp.components.roll import RollIt, RollLog
from webapp.components.words import choices, mean_text, signed, spell

__all__ = [
    "AttributedHTML",
    "AttributedRow",
    "BarChart",
    "ChartWithTable",
    "ChoiceButtons",
    "Field",
    "Figure",
    "Group",
    "Later",
    "LaterColumn",
    "LaterRow",
    "LazyField",
    "RollIt",
    "RollLog",
    "ShownLater",
    "TextAlert",
    "TextLabel",
    "Waiting",
    "chart_table_html",
    "choices",
    "details_column",
    "figures_html",
    "general_error",
    "group",
    "groups_in",
    "heading",
    "html_pane",
    "html_table",
    "input_field",
    "inputs_column",
    "inputs_in",
    "mean_text",
    "note",
    "note_html",
    "page_layout",
    "row",
    "set_data",
    "signed",
    "spell",
    "style_figure",
    "summary_pane",
]
