// One application's pages as read-only text: only answered items;
// every add-another block; the chosen tab's contents without switching; no inputs, buttons or
// nav; answers without bidirectional controls. The service view (the PDF copy) and the
// admissions office's application page draw it.
import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { isAnswered } from "../../engine/answers";
import { evaluateAnswers, type CompiledForm } from "../../engine/form";
import { displayText } from "../../engine/text";
import type { Answers, Evaluation, ViewItem } from "../../engine/runtime";
import { api } from "../api/calls";
import { entryOf, isQuestion } from "../widgets/registry";
import { deeper, type Level } from "./Renderer";
import { bundledVersion, form as bundledForm, formOfFiles } from "./model";

export interface ApplicationPagesProps {
  answer: Answers;
  /** Blocks per add-another group, by its button id. */
  blocks: Record<string, number>;
  /** The chosen tab, by tab group id. */
  tabs: Record<string, string>;
  /** The definition version to draw it with (the hash of the one it was submitted on, else the current one's). */
  version: string;
  /** The pages' titles: h1 in the service view, where they are the document; h2 under an office page's h1. */
  titleLevel?: 1 | 2;
}

/**
 * Drawn with the definitions of `version`: this build's own, or a published version's, loaded
 * once (a version never changes). Never with other definitions: a version that does not load
 * says so, and nothing else is drawn.
 */
export function ApplicationPages({ version, ...props }: ApplicationPagesProps) {
  return <WithVersion version={version}>{(form) => <Pages form={form} {...props} />}</WithVersion>;
}

/** `children` given the form of `version` once it has loaded; until then, or if it cannot, a line that says so. */
export function WithVersion({ version, children }: { version: string; children: (form: CompiledForm) => ReactNode }) {
  const isBundled = version === bundledVersion;
  const published = useQuery({
    queryKey: ["definitions", version],
    enabled: !isBundled,
    staleTime: Infinity,
    queryFn: async () => formOfFiles(await api.definitions(version)),
  });
  if (isBundled) return children(bundledForm);
  if (published.isPending) return <p role="status">Loading the questions this application was answered on…</p>;
  if (published.isError) return <p role="alert">{published.error.message}</p>;
  return children(published.data);
}

function Pages({ form, answer, blocks, tabs, titleLevel = 1 }: Omit<ApplicationPagesProps, "version"> & { form: CompiledForm }) {
  const evaluation = evaluateAnswers(form, answer, { tabs, blocks });
  const Title = `h${titleLevel}` as const;
  return (
    <div className="service-document">
      {form.pages.map((page) => (
        <section key={page.page} className="service-page" aria-labelledby={`service-${page.page}`}>
          <Title id={`service-${page.page}`}>{page.title}</Title>
          <ReadOnlyItems items={page.items} ctx={{ form, answers: evaluation.answers, evaluation }} level={(titleLevel + 1) as Level} />
        </section>
      ))}
    </div>
  );
}

interface Context {
  form: CompiledForm;
  answers: Answers;
  evaluation: Evaluation;
}

function ReadOnlyItems({ items, ctx, level }: { items: ViewItem[]; ctx: Context; level: Level }): ReactNode {
  const shown = items.filter((view) => ctx.evaluation.isGateShown(view.gate) && hasAnswer(view, ctx));
  if (shown.length === 0) return null;
  const questions = (run: ViewItem[]) => (
    <dl className="service-answers" key={run[0]!.id}>
      {run.map((view) => (
        <div key={view.id} className="service-answer">
          <dt>{"label" in view.item ? view.item.label : ""}</dt>
          <dd>{displayText(valueOf(view, ctx))}</dd>
        </div>
      ))}
    </dl>
  );
  // Questions next to each other share one list; containers break it.
  const out: ReactNode[] = [];
  let run: ViewItem[] = [];
  for (const view of shown) {
    if (!CONTAINERS.has(view.item.type)) {
      run.push(view);
      continue;
    }
    if (run.length > 0) out.push(questions(run));
    run = [];
    out.push(<ReadOnlyContainer key={view.id} view={view} ctx={ctx} level={level} />);
  }
  if (run.length > 0) out.push(questions(run));
  return out;
}

// Anything else is a question, of a type this build knows or not.
const CONTAINERS = new Set(["section", "address", "tabs", "addAnother", "content"]);

function ReadOnlyContainer({ view, ctx, level }: { view: ViewItem; ctx: Context; level: Level }) {
  const H = `h${level}` as const;
  switch (view.item.type) {
    case "section":
    case "address": {
      const title = view.item.title;
      return (
        <section className="service-section">
          {title && <H>{title}</H>}
          <ReadOnlyItems items={view.children ?? []} ctx={ctx} level={title ? deeper(level) : level} />
        </section>
      );
    }
    case "tabs": {
      const item = view.item;
      const chosen = view.tabs?.find((tab) => ctx.evaluation.tabs[item.id] === tab.id);
      if (!chosen) return null;
      return (
        <section className="service-section">
          <H>{item.label ? `${item.label}: ${chosen.label}` : chosen.label}</H>
          <ReadOnlyItems items={chosen.items} ctx={ctx} level={deeper(level)} />
        </section>
      );
    }
    case "addAnother": {
      const item = view.item;
      return (
        <>
          {(view.blocks ?? []).map((block, i) => block.some((child) => hasAnswer(child, ctx)) && (
            <section key={i} className="service-section">
              <H>{item.blockTitle ? item.blockTitle.replace("{n}", String(i + 1)) : `${item.id} ${i + 1}`}</H>
              <ReadOnlyItems items={block} ctx={ctx} level={deeper(level)} />
            </section>
          ))}
        </>
      );
    }
    default:
      return null;
  }
}

/** Whether an item or anything inside it has an answer to print. */
function hasAnswer(view: ViewItem, ctx: Context): boolean {
  if (!ctx.evaluation.isGateShown(view.gate)) return false;
  switch (view.item.type) {
    case "content":
      return false;
    case "section":
    case "address":
      return (view.children ?? []).some((child) => hasAnswer(child, ctx));
    case "tabs":
      return (view.tabs ?? []).some((tab) => tab.items.some((child) => hasAnswer(child, ctx)));
    case "addAnother":
      return (view.blocks ?? []).some((block) => block.some((child) => hasAnswer(child, ctx)));
    default:
      return isQuestion(view) ? entryOf(view.item.type).isAnswered(view, ctx.answers) : isAnswered(ctx.answers[view.key ?? ""]);
  }
}

/** The answer as printed; a type this build does not know prints its answer as it is. */
export function valueOf(view: ViewItem, { form, answers }: Pick<Context, "form" | "answers">): string {
  return isQuestion(view) ? entryOf(view.item.type).display(view, answers, form) : String(answers[view.key ?? ""]);
}
