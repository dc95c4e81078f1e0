// The read-only service view (spec: application-form §6; accounts-and-shell §6): one application,
// every page, printed as text for staff and for the PDF copy. Only answered items; every
// add-another block; the chosen tab's contents without switching; no inputs, buttons or nav.
import { useEffect, useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router";
import { isAnswered } from "../../engine/answers";
import { evaluateAnswers } from "../../engine/form";
import { displayText } from "../../engine/text";
import type { Answers, Evaluation, ViewItem } from "../../engine/runtime";
import { api } from "../api/calls";
import { institution } from "../institution";
import { serviceToken } from "../state/session";
import { useDocumentTitle } from "../shell/useDocumentTitle";
import { entryOf, isQuestion } from "../widgets/registry";
import { form } from "./model";
import { deeper, type Level } from "./Renderer";

export function ServiceView() {
  useDocumentTitle(`${institution.name} application`);
  const { search } = useLocation();
  // Read once: the address bar loses it right after.
  const [token] = useState(() => serviceToken ?? new URLSearchParams(search).get("service_token"));
  const application = useQuery({
    queryKey: ["service-application", token],
    enabled: token !== null,
    queryFn: () => api.serviceApplication(token!),
  });
  useTokenOutOfAddressBar();
  if (application.isPending) return <p role="status">Loading the application…</p>;
  if (application.isError) return <p role="alert" className="field-error">{application.error.message}</p>;
  const { answer, add_another, tabs } = application.data;
  const evaluation = evaluateAnswers(form, answer, { tabs, blocks: add_another });
  return (
    <div className="service-document">
      {form.pages.map((page) => (
        <section key={page.page} className="service-page" aria-labelledby={`service-${page.page}`}>
          <h1 id={`service-${page.page}`}>{page.title}</h1>
          <ReadOnlyItems items={page.items} ctx={{ answers: evaluation.answers, evaluation }} level={2} />
        </section>
      ))}
    </div>
  );
}

/** The token is read once (state/session.ts); the address bar keeps no copy of it. */
function useTokenOutOfAddressBar(): void {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (!params.has("service_token")) return;
    params.delete("service_token");
    const rest = params.toString();
    void navigate({ pathname, search: rest ? `?${rest}` : "" }, { replace: true });
  }, [pathname, search, navigate]);
}

interface Context {
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
function valueOf(view: ViewItem, { answers }: Context): string {
  return isQuestion(view) ? entryOf(view.item.type).display(view, answers) : String(answers[view.key ?? ""]);
}
