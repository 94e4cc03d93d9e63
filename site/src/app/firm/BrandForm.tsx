import { type FormEvent, useId } from 'react';
import type { Firm } from '../../../../contract/firm';
import { FONTS, type Font } from '../../../../events/card/content';
import { BRAND_PART_NAMES, type BrandPart } from '../../../../events/firm/brand';
import { type BrandInput, saveBrand } from './firm';
import { LogoForm } from './LogoForm';
import { useFirmSaved } from './use-firm-change';

const LOCK_LABELS: Record<BrandPart, string> = {
  name: 'Business name',
  colours: 'Button colours',
  font: 'Font',
  theme: 'Theme',
};

/** The firm's brand: its values, and the parts members may not change on their pages (issue 32). */
export function BrandForm({ firm }: { firm: Firm }) {
  const id = useId();
  const current = firm.brand;
  const save = useFirmSaved((brand: BrandInput) => saveBrand(firm.id, brand));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const text = (name: string) => String(fields.get(name) ?? '');
    save.mutate({
      values: {
        business_card_name: text('business_card_name'),
        button_bg_color: text('button_bg_color').toUpperCase(),
        button_text_color: text('button_text_color') === 'black' ? 'black' : 'white',
        style: (FONTS as readonly string[]).includes(text('style')) ? (text('style') as Font) : 'Inter',
        page_theme: text('page_theme') === 'dark' ? 'dark' : 'light',
      },
      locked: BRAND_PART_NAMES.filter((part) => fields.get(`lock-${part}`) === 'on'),
    });
  };
  const values = current?.values;
  return (
    <section className="card settings" aria-labelledby="firm-brand-heading">
      <h2 id="firm-brand-heading">The firm’s brand</h2>
      <p className="settings__note">
        Lock a part and every member’s page shows the firm’s instead of their own; a part left open stays
        theirs.
      </p>
      <form className="form account-form" onSubmit={submit}>
        <label htmlFor={`${id}-name`}>Business name</label>
        <input
          id={`${id}-name`}
          name="business_card_name"
          maxLength={80}
          defaultValue={values?.business_card_name ?? firm.name}
        />
        <label htmlFor={`${id}-colour`}>Button colour</label>
        <input
          id={`${id}-colour`}
          name="button_bg_color"
          type="color"
          defaultValue={(values?.button_bg_color ?? '#F47629').toLowerCase()}
        />
        <label htmlFor={`${id}-text`}>Button text colour</label>
        <select
          id={`${id}-text`}
          name="button_text_color"
          defaultValue={values?.button_text_color ?? 'black'}
        >
          <option value="white">White</option>
          <option value="black">Black</option>
        </select>
        <label htmlFor={`${id}-font`}>Font</label>
        <select id={`${id}-font`} name="style" defaultValue={values?.style ?? 'Inter'}>
          {FONTS.map((font) => (
            <option key={font} value={font}>
              {font}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-theme`}>Theme</label>
        <select id={`${id}-theme`} name="page_theme" defaultValue={values?.page_theme ?? 'light'}>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
        <fieldset>
          <legend>Members may not change</legend>
          {BRAND_PART_NAMES.map((part) => (
            <label key={part} className="account-form__check">
              <input
                type="checkbox"
                name={`lock-${part}`}
                defaultChecked={current?.locked.includes(part) ?? false}
              />{' '}
              {LOCK_LABELS[part]}
            </label>
          ))}
        </fieldset>
        <div>
          <button type="submit" className="button" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save the brand'}
          </button>
        </div>
      </form>
      <LogoForm firm={firm} />
    </section>
  );
}
