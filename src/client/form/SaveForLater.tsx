// "Save for later" for a visitor: the answers go to POST /public/tmp and come back with a link
// that loads them on any device for 30 days.
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Button } from "react-aria-components";
import { api } from "../api/calls";
import { useAnswers } from "../state/answers";
import { ModalDialog } from "../ui/Dialog";

const SAVE_FOR_LATER_TITLE = "Save for later";

export default function SaveForLater({ onClose }: { onClose: () => void }) {
  const save = useMutation({ mutationFn: () => api.saveForLater(useAnswers.getState().answers) });
  const started = useRef(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    save.mutate();
  }, [save]);

  const link = save.data && `${location.origin}${location.pathname}?token=${encodeURIComponent(save.data.token)}`;
  const expires = save.data && new Date(save.data.expires_at).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });
  const copy = async () => {
    await navigator.clipboard.writeText(link!);
    setCopied(true);
  };
  return (
    <ModalDialog title={SAVE_FOR_LATER_TITLE} isOpen onOpenChange={(open) => !open && onClose()} size="medium">
      {save.isPending && <p role="status">Saving your answers…</p>}
      {save.isError && <p className="field-error" role="alert">{save.error.message}</p>}
      {link && (
        <>
          <p>{save.data.message}</p>
          <p>Keep this link (bookmark it, or email it to yourself). It works until {expires}:</p>
          <p className="saved-link"><a href={link}>{link}</a></p>
          <Button className="button button-secondary" onPress={() => void copy()}>{copied ? "Copied" : "Copy link"}</Button>
          <p className="field-description">Anyone with this link can see these answers, and this browser keeps them for 24 hours: on a shared computer, clear the browser's data when you are done. Creating an account keeps them safer.</p>
        </>
      )}
    </ModalDialog>
  );
}
