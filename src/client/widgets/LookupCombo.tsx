// The lookup's combo box (loaded by ./lookup.tsx): up to 5 suggestions from GET /lookup/find as the applicant types, 200 ms after typing
// pauses and at least every 500 ms while it goes on. React Aria gives the combobox pattern: arrow
// keys move through the suggestions, Enter chooses one, Escape closes the list, and a name that is
// not listed is kept (allowsCustomValue). What is typed is the answer at once, as in any text
// question; choosing a suggestion fetches its record and fills the answers in one change. A failed
// search shows no suggestions and a failed record keeps the suggestion's text (the failure is swallowed).
import { useContext, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ComboBox, ComboBoxStateContext, Input, Label, ListBox, ListBoxItem, Popover, Text, type Key } from "react-aria-components";
import { api, LOOKUP_RESULTS, type LookupCategory, type LookupRecord, type LookupResult } from "../api/calls";
import { queryClient } from "../api/queries";
import { useAnswers } from "../state/answers";
import { chosenAnswers, LOOKUP_MAX_LENGTH, typedAnswers, useIsUserDriven } from "../form/lookup";
import { useChanges } from "../form/changes";
import { useDebounced } from "../form/useDebounced";
import { lookupNote, takeOver } from "./lookup-parts";
import { describedByOf, questionParts } from "./QuestionFrame";
import { useQuestion, type WidgetProps } from "./widget";

export const LOOKUP_DEBOUNCE_MS = 200;
export const LOOKUP_MAX_WAIT_MS = 500;
/**
 * The shortest text searched. One letter matches thousands of schools, so its 5 suggestions would
 * be arbitrary, and a trigram search (the server's pg_trgm) has nothing to rank it by; each first
 * keystroke would cost a search no one reads.
 */
const LOOKUP_MIN_CHARACTERS = 2;

const NO_SUGGESTIONS: LookupResult[] = [];

// The combo box changes answers through changes.ts itself rather than onAnswer: when this chunk,
// loaded later, does not import changes.ts, Rolldown splits form/model.ts and the modules around
// it out of the chunks a first visit loads, and /about's first visit loads more JavaScript.
export function LookupCombo({ view, onBlur }: WidgetProps<"lookup">) {
  const { change } = useChanges();
  const question = view.item;
  const { key, value: answer, errors, id } = useQuestion(view);
  const isUserDriven = useIsUserDriven(view);
  const input = useRef<HTMLInputElement>(null);

  // The text typed to search with: "" once a suggestion is chosen or the question is left.
  const [search, setSearch] = useState("");
  // What was typed into the plain input before this code came is searched as if typed now.
  useLayoutEffect(() => {
    if (takeOver(key, input.current)) setSearch(input.current?.value ?? "");
  }, [key]);
  const term = useDebounced(search, LOOKUP_DEBOUNCE_MS, LOOKUP_MAX_WAIT_MS).trim();
  const found = useSuggestions(question.category, term);
  // Until the search catches up with the text, only suggestions for the name being typed show.
  const suggestions = isSameName(term, search.trim()) ? found : NO_SUGGESTIONS;

  // The chosen suggestion's text while its record comes. Each keystroke or choice takes a new
  // ticket, and a record arriving for an older one (or after the question left) is dropped.
  const [choosing, setChoosing] = useState<string | null>(null);
  const ticket = useRef(0);
  useEffect(() => () => void ticket.current++, []);
  const text = choosing ?? (typeof answer === "string" ? answer : "");

  const onInputChange = (typed: string) => {
    ticket.current++;
    setChoosing(null);
    setSearch(typed);
    change(typedAnswers(view, typed, useAnswers.getState().answers));
  };

  const choose = async (suggestion: LookupResult) => {
    const mine = ++ticket.current;
    setChoosing(suggestion.text);
    setSearch("");
    const record = await queryClient
      .fetchQuery({ queryKey: ["lookup-record", question.category, suggestion.id], queryFn: () => api.lookupRecord(suggestion.id, question.category) })
      .then((reply) => (isRecord(reply) ? reply : undefined), () => undefined);
    if (mine !== ticket.current) return;
    const answers = useAnswers.getState().answers;
    change(record ? chosenAnswers(view, suggestion, record, answers) : typedAnswers(view, suggestion.text, answers));
    setChoosing(null);
  };

  const invalid = errors.length > 0;
  const note = lookupNote(isUserDriven);
  return (
    <ComboBox
      id={key}
      className="field question"
      aria-describedby={describedByOf(id, question.help, note, invalid)}
      items={suggestions}
      inputValue={text}
      onInputChange={onInputChange}
      selectedKey={null}
      onSelectionChange={(chosen: Key | null) => {
        const suggestion = suggestions.find((s) => s.id === chosen);
        if (suggestion) void choose(suggestion);
      }}
      allowsCustomValue
      // Arrow down in a question already answered searches for its text.
      onOpenChange={(isOpen, trigger) => {
        if (isOpen && trigger === "manual" && search === "") setSearch(text);
      }}
      onBlur={() => {
        setSearch("");
        onBlur();
      }}
      isInvalid={invalid}
      validationBehavior="aria"
    >
      <Label className="field-label">{question.label}</Label>
      <div className="input-row">
        <Input ref={input} className="input" maxLength={question.maxLength ?? LOOKUP_MAX_LENGTH} autoComplete={question.autofill ?? "off"} />
      </div>
      {questionParts(id, question.help, note, errors)}
      <OpenWithSuggestions suggestions={suggestions} />
      <Popover className="popover lookup-popover" offset={4}>
        <ListBox<LookupResult> className="lookup-list">
          {(suggestion) => (
            <ListBoxItem id={suggestion.id} textValue={suggestion.text} className="lookup-option">
              <Text slot="label">{suggestion.text}</Text>
              {/* A description, not part of the option's name: "Central High School", then where it is. */}
              {suggestion.sub_text && <Text slot="description" className="lookup-option-detail">{suggestion.sub_text}</Text>}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

/**
 * The suggestions for `term`, cached by text: a late answer for older text lands in its own
 * entry, never over the suggestions for newer text, and the search for older text is cancelled.
 * While the applicant types on (or back) the same name, the last suggestions stay until the next
 * ones come, so the list does not close and reopen; another name's never stand in.
 */
function useSuggestions(category: LookupCategory, term: string): LookupResult[] {
  const isSearched = term.length >= LOOKUP_MIN_CHARACTERS;
  const query = useQuery(
    {
      queryKey: ["lookup", category, term],
      queryFn: async ({ signal }) => suggestionsOf(await api.findLookup(term, category, signal)),
      enabled: isSearched,
      placeholderData: (previous, previousQuery) => (isSameName(String(previousQuery?.queryKey[2] ?? ""), term) ? previous : undefined),
    },
    queryClient,
  );
  return isSearched ? (query.data ?? NO_SUGGESTIONS) : NO_SUGGESTIONS;
}

/** Two searchable texts of one name being typed: one begins the other ("Cen", "Central"). */
function isSameName(before: string, now: string): boolean {
  const [a, b] = [before.toLowerCase(), now.toLowerCase()];
  return a.length >= LOOKUP_MIN_CHARACTERS && b.length >= LOOKUP_MIN_CHARACTERS && (a.startsWith(b) || b.startsWith(a));
}

/** The server's list, as many as asked for, each suggestion once; anything else is a failed search. */
function suggestionsOf(reply: unknown): LookupResult[] {
  if (!Array.isArray(reply)) throw new Error("GET /lookup/find did not answer a list");
  const seen = new Set<string | number>();
  const suggestions: LookupResult[] = [];
  for (const entry of reply as Partial<LookupResult>[]) {
    const { id, text, sub_text } = entry ?? {};
    if ((typeof id !== "string" && typeof id !== "number") || typeof text !== "string" || seen.has(id)) continue;
    seen.add(id);
    suggestions.push({ id, text, sub_text: typeof sub_text === "string" ? sub_text : "" });
  }
  return suggestions.slice(0, LOOKUP_RESULTS);
}

const isRecord = (reply: unknown): reply is LookupRecord => typeof reply === "object" && reply !== null && !Array.isArray(reply);

/**
 * Opens the list when suggestions arrive for what is being typed. React Aria opens it as the text
 * changes, when there is something to show; these come 200 ms later. Once for each new list, so
 * a list closed with Escape stays closed.
 */
function OpenWithSuggestions({ suggestions }: { suggestions: LookupResult[] }) {
  const state = useContext(ComboBoxStateContext);
  const seen = useRef<LookupResult[] | null>(null);
  useEffect(() => {
    if (!state || seen.current === suggestions) return;
    seen.current = suggestions;
    if (suggestions.length > 0 && state.isFocused && !state.isOpen) state.open(null, "input");
  }, [state, suggestions]);
  return null;
}
