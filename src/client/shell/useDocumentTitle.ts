import { useEffect } from "react";
import { institution } from "../institution";

/** The tab's title names the page first, so a phone's tab switcher shows what matters. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${institution.name} Application`;
  }, [title]);
}
