import { Form, useRevalidator } from "@remix-run/react";
import { useRef, useState } from "react";

import { useHydrated } from "#app/components/hooks/use-hydrated.ts";
import { Button } from "#app/components/ui/button.tsx";
import { useToast } from "#app/components/ui/toast.tsx";

const ACCEPT = ".pdf,.doc,.docx,.txt";

/** With JavaScript: the button opens the file picker and the file goes to /api/documents/upload. Without: a multipart form. */
export function Upload({ type }: { type: string }) {
  const hydrated = useHydrated();
  const toast = useToast();
  const revalidator = useRevalidator();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const documentType = type === "all" ? "template" : type;

  async function upload(file: File) {
    setUploading(true);
    try {
      const body = new FormData();
      body.set("file", file);
      body.set("type", documentType);
      const response = await fetch("/api/documents/upload", { method: "POST", body });
      // zod reads the answer: loaded with the first answer, not with the page.
      const { readApiAnswer } = await import("#app/domain/shared/api-answer.ts");
      const answer = await readApiAnswer(response);
      if (!response.ok || !answer.success) throw new Error(answer.message || "Upload failed");
      toast({ title: "Document Uploaded", description: "Your document has been successfully uploaded.", variant: "success" });
      revalidator.revalidate();
    } catch (error) {
      toast({
        title: "Upload Failed",
        description: error instanceof Error && error.message ? error.message : "Upload failed",
        variant: "error",
      });
    } finally {
      setUploading(false);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <Form
      method="post"
      action={`/documents/upload${type === "all" ? "" : `?type=${type}`}`}
      encType="multipart/form-data"
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        const file = input.current?.files?.[0];
        if (file) void upload(file);
        else input.current?.click();
      }}
    >
      <input type="hidden" name="type" value={documentType} />
      <label htmlFor="document-file" className={hydrated ? "sr-only" : "text-sm font-medium text-slate-800"}>
        Document file
      </label>
      <input
        ref={input}
        id="document-file"
        type="file"
        name="file"
        accept={ACCEPT}
        required={!hydrated}
        className={hydrated ? "sr-only" : "max-w-56 text-sm"}
        tabIndex={hydrated ? -1 : undefined}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (hydrated && file) void upload(file);
        }}
      />
      {hydrated ? (
        <Button type="button" disabled={uploading} onClick={() => input.current?.click()}>
          {uploading ? "Uploading..." : "Upload Document"}
        </Button>
      ) : (
        <Button type="submit">Upload Document</Button>
      )}
    </Form>
  );
}
