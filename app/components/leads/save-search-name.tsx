/**
 * Name + Save search: on the wizard's last step (inside its GET form, so the button posts the whole form to
 * /saved-searches itself) and on the Saved Searches page after a refused save. Works without JavaScript.
 */
import { Button } from "#app/components/ui/button.tsx";
import { inputClass } from "#app/components/ui/input.tsx";
import { SAVED_SEARCH_NAME_MAX } from "#app/domain/leads/saved-searches.ts";

export function SaveSearchName({ defaultValue = "", error, disabled }: { defaultValue?: string; error?: string; disabled?: boolean }) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1">
        <label htmlFor="save-search-name" className="mb-1 block text-sm font-medium text-slate-800">
          Name this search
        </label>
        <input
          id="save-search-name"
          name="name"
          defaultValue={defaultValue}
          maxLength={SAVED_SEARCH_NAME_MAX}
          placeholder="Phoenix inherited"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "save-search-name-error" : undefined}
          className={inputClass()}
        />
        {error ? (
          <p id="save-search-name-error" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <Button
        type="submit"
        variant="secondary"
        name="intent"
        value="save"
        formMethod="post"
        formAction="/saved-searches"
        disabled={disabled}
      >
        Save search
      </Button>
    </div>
  );
}
