import { useEffect } from "react";
import { OFFICE_NAME } from "./words";

/** The tab's title names the page first: "Applications | Westbrook University admissions office". */
export function useStaffTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${OFFICE_NAME}`;
  }, [title]);
}
