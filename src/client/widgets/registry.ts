// Question type → its widget, how the service view prints its answer, and when it counts as
// answered (STYLE rule 2). A question type without an entry does not compile; a type this build
// does not know (the definitions' linter refuses it) is not a question here, and the renderer
// shows a note naming its answer key instead.
import type { QuestionType, ViewItem } from "../../engine/runtime";
import { checkbox } from "./checkbox";
import { checkboxes } from "./checkboxes";
import { date } from "./date";
import { email } from "./email";
import { file } from "./file";
import { lookup } from "./lookup";
import { number } from "./number";
import { phone } from "./phone";
import { radio } from "./radio";
import { select } from "./select";
import { ssn } from "./ssn";
import { text } from "./text";
import { textarea } from "./textarea";
import type { QuestionView, WidgetEntry } from "./widget";

type Registry = { [T in QuestionType]: WidgetEntry<T> };

const registry: Registry = { text, textarea, date, email, phone, ssn, number, select, radio, checkbox, checkboxes, file, lookup };

/** Whether the item is a question of a type this build knows. */
export const isQuestion = (view: ViewItem): view is QuestionView => Object.hasOwn(registry, view.item.type);

/** The entry of a question type: for a QuestionView's `item.type`, the entry that takes that view. */
export const entryOf = <T extends QuestionType>(type: T): WidgetEntry<T> => registry[type];
