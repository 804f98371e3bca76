import type { DraftErrors, GoodsDraft } from './goods-draft';

// The goods form's panels share these (issue 30: the form split into parts of one job each).

/** What each panel of the goods form takes: the draft, its errors and a change of some fields. */
export type PanelProps = {
  draft: GoodsDraft;
  errors: DraftErrors;
  set: (patch: Partial<GoodsDraft>) => void;
};

/** A text of the form in one language, with its error. */
export function sideOf({ draft, errors, set }: PanelProps) {
  return (field: keyof GoodsDraft & `${string}_${'zh' | 'en'}`) => ({
    value: draft[field],
    onChange: (value: string) => set({ [field]: value }),
    error: errors[field],
  });
}
