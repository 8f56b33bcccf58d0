/**
 * The free guides' form shows, as it is filled in, which group of /guides the guide lands in and
 * why, by the site's own rule (src/lib/resources.ts) over its title, tag and description. It shows
 * only: it never changes the entry, so nothing of it is written into the file.
 */
import { Component } from 'react';
import { fill } from '~/features/admin/text';
import { CATEGORY_RULES, type CategorisableResource, type CategoryField, type ResourceCategory, categoryMatch } from '~/lib/resources';
import { fieldValue, onFieldChange } from '../live-fields';
import type { ContentEditorCopy } from '../../shared/schema';
import type { ControlProps } from './checked-control';

/** The group names as /guides shows them: the guides page's own copy (guides.json → freeResources). */
export interface GuideGroupNames {
  groupHeading: string;
  filters: Record<ResourceCategory, string>;
}

interface Entry {
  getIn(path: string[]): unknown;
}

const FIELDS = ['title', 'tag', 'description'] as const satisfies readonly CategoryField[];

export function guideGroupControl(copy: ContentEditorCopy['guideGroup'], names: GuideGroupNames) {
  const groupName = (category: ResourceCategory) => fill(names.groupHeading, { label: names.filters[category] });
  const wordsOf = (words: Partial<Record<CategoryField, readonly string[]>>) =>
    FIELDS.filter((field) => words[field]?.length)
      .map((field) => `${words[field]!.map((word) => `“${word}”`).join(', ')} (${copy.fields[field]})`)
      .join('; ');
  const rules = CATEGORY_RULES.map(({ category, words }) => `${groupName(category)}: ${wordsOf(words)}`).join(' · ');

  return class GuideGroup extends Component<ControlProps> {
    private stop: (() => void) | undefined;

    /** What the form holds now: what a checked field reported last, else the entry as it was opened. */
    private value(name: string): unknown {
      return fieldValue(name) ?? (this.props.entry as Entry | undefined)?.getIn(['data', name]);
    }

    private said(): { landsIn: string; because: string } {
      if (this.value('featured') === true) return { landsIn: copy.featured, because: '' };
      const resource = Object.fromEntries(FIELDS.map((field) => [field, String(this.value(field) ?? '')])) as CategorisableResource;
      const { category, because } = categoryMatch(resource);
      return {
        landsIn: fill(copy.landsIn, { group: groupName(category) }),
        because: because ? fill(copy.because, { field: copy.fields[because.field], word: because.word }) : copy.fallback,
      };
    }

    /** Decap's presence check reads this: the field always says something. */
    getValidateValue = () => this.said().landsIn;

    /** Decap's Widget asks the control whether to draw again: always, the group follows other fields. */
    override shouldComponentUpdate() {
      return true;
    }

    override componentDidMount() {
      this.stop = onFieldChange(() => this.forceUpdate());
    }

    override componentWillUnmount() {
      this.stop?.();
    }

    override render() {
      const { landsIn, because } = this.said();
      return (
        <output id={this.props.forID} className={String(this.props.classNameWrapper ?? '')} aria-live="polite" style={{ display: 'block' }}>
          <strong>{landsIn}</strong> {because}
          <small style={{ display: 'block', marginTop: 8 }}>
            {copy.rules} {rules}
          </small>
        </output>
      );
    }
  };
}
