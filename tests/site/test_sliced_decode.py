"""The sliced-decode lever (static/boot.js, fromJsonSliced): the live document made from its
JSON in several tasks, by BokehJS's own Deserializer walk made async. The document it makes is
the one BokehJS's Document.from_json makes from the same JSON: the same models, made in the
same order, with the same properties."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sitetools import AppPage, assert_moo2_shot_live

# Each live document's JSON made again by BokehJS and by fromJsonSliced with a yield after
# every model (a budget of 0 ms), and what the two documents serialize to (to_json(false):
# with the defaults, the serializer meets the functions Panel sets on some models), and the
# kind of every value their models hold, at every depth (the serializer writes a Map and a
# plain object alike; a model BokehJS makes itself, as a data source's `inspected`, has a new
# random id in each).
SAME = r"""async (extra) => {
  const { Document } = Bokeh.require('document/document');
  const { HasProps } = Bokeh.require('core/has_props');
  let given = '';
  const kind = (value) => {
    if (value instanceof HasProps) {
      return given.includes(`"${value.id}"`) ? `model ${value.id}` : 'new model';
    }
    if (Array.isArray(value)) return `[${value.map(kind)}]`;
    if (value instanceof Map) return `Map{${[...value].map(([k, v]) => `${kind(k)}: ${kind(v)}`)}}`;
    if (value instanceof Set) return `Set{${[...value].map(kind)}}`;
    if (value !== null && typeof value === 'object' && value.constructor === Object) {
      return `{${Object.entries(value).map(([k, v]) => `${k}: ${kind(v)}`)}}`;
    }
    if (value !== null && typeof value === 'object') return value.constructor.name;
    return `${typeof value} ${String(value)}`;
  };
  const kinds = (doc) => [...doc._all_models.values()]
    .map((model) => `${model.type} ${kind(model)} ${kind({ ...model.attributes })}`).join('\n');
  const made = [];
  for (const json of [...[...Bokeh.documents].map((doc) => doc.to_json(false)), ...extra]) {
    given = JSON.stringify(json);
    const copy = () => JSON.parse(given);
    const own = Document.from_json(copy());
    const sliced = await window.rfFromJsonSliced(copy(), 0);
    made.push({
      same: JSON.stringify(own.to_json(false)) === JSON.stringify(sliced.doc.to_json(false)),
      order: [...own._all_models.keys()].join() === [...sliced.doc._all_models.keys()].join(),
      kinds: kinds(own) === kinds(sliced.doc),
      models: own._all_models.size,
      slices: sliced.slices,
    });
  }
  return made;
}"""

# A document with each kind of value that can hold a model's definition (a map with string
# keys, which BokehJS 3.10.1 makes a plain object, and one with a number key, a Map; a set; a
# field with a transform; a plain object; a list), a model referred to from inside itself (a
# callback whose args name its source), a model defined inside another's definition, then
# referred to, and a model defined a second time (BokehJS sets the second one's attributes).
JITTER = {"type": "object", "name": "Jitter", "id": "j1", "attributes": {"width": 1}}
KINDS: dict[str, Any] = {
    "version": "3.10.1",
    "title": "kinds",
    "config": {
        "type": "object",
        "name": "DocumentConfig",
        "id": "config",
        "attributes": {"notifications": {"type": "object", "name": "Notifications", "id": "notes"}},
    },
    "roots": [
        {
            "type": "object",
            "name": "ColumnDataSource",
            "id": "cds",
            "attributes": {
                "data": {"type": "map", "entries": [["x", [1, 2, 3]], ["y", [4, 5, 6]]]},
                "selected": {"type": "object", "name": "Selection", "id": "selected"},
                "selection_policy": {"type": "object", "name": "UnionRenderers", "id": "policy"},
                "js_property_callbacks": {
                    "type": "map",
                    "entries": [
                        [
                            "change:data",
                            [
                                {
                                    "type": "object",
                                    "name": "CustomJS",
                                    "id": "cb",
                                    "attributes": {
                                        "args": {
                                            "type": "map",
                                            "entries": [["source", {"id": "cds"}]],
                                        },
                                        "code": "",
                                    },
                                }
                            ],
                        ]
                    ],
                },
                "tags": [
                    {"type": "map", "entries": [["k", JITTER]]},
                    {
                        "type": "map",
                        "entries": [[1, {"type": "object", "name": "Jitter", "id": "j3"}]],
                    },
                    {"type": "set", "entries": [1, 2]},
                    {
                        "type": "field",
                        "field": "x",
                        "transform": {
                            "type": "object",
                            "name": "Dodge",
                            "id": "d1",
                            "attributes": {"value": 0.5},
                        },
                        "units": "data",
                    },
                    {"plain": {"type": "object", "name": "Jitter", "id": "j2"}},
                    {"id": "d1"},
                    {"type": "number", "value": "nan"},
                    {**JITTER, "attributes": {"width": 2}},
                ],
            },
        },
    ],
}

# A kind of value BokehJS 3.10.1 does not know: both fail, with its message.
UNKNOWN = r"""async (json) => {
  const { Document } = Bokeh.require('document/document');
  const failed = async (make) => {
    try { await make(); return null; } catch (e) { return String(e); }
  };
  return [
    await failed(() => Document.from_json(JSON.parse(JSON.stringify(json)))),
    await failed(() => window.rfFromJsonSliced(JSON.parse(JSON.stringify(json)), 0)),
  ];
}"""


def test_the_document_is_made_in_several_tasks_as_bokehjs_makes_it(
    open_app: Any, dist: Path
) -> None:
    sliced = "sliced-decode" in json.loads((dist / "build.json").read_text())["levers"]
    app: AppPage = open_app("?page=moo2-shot")
    app.wait_settled()
    tasks = app.page.evaluate("document.documentElement.dataset.decodeTasks ?? null")
    assert (tasks is not None and int(tasks) >= 1) is sliced, tasks
    made = app.page.evaluate(SAME, [KINDS])
    page, kinds = made
    assert page["same"] and page["order"] and page["kinds"], page
    # moo2-shot's document: over a hundred models, a task each at the least.
    assert page["models"] > 100 and page["slices"] > page["models"], page
    same = {"same": True, "order": True, "kinds": True, "models": 10}
    assert {key: kinds[key] for key in same} == same and kinds["slices"] > 10, kinds
    unknown = {**KINDS, "roots": [{"type": "struct", "entries": []}]}
    own, sliced_error = app.page.evaluate(UNKNOWN, unknown)
    assert own is not None and "unable to decode an object of type 'struct'" in own, own
    assert sliced_error == own
    assert_moo2_shot_live(app)
