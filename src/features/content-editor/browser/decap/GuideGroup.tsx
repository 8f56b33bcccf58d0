/**
 * A free guide's group on /guides (its `group` field): "Automatic" or one of the groups, by the
 * names /guides shows. Automatic leaves `group` out of the file, and /guides places the guide by
 * the site's own rule (src/lib/resources.ts) over its title, tag and description: the field says
 * which group that gives and why, as they are typed. A featured guide shows above the groups.
 */
import { Component, type ChangeEvent } from 'react';
import { fill } from '~/features/admin/text';
import { CATEGORY_RULES, type CategorisableResource, type CategoryField, RESOURCE_CATEGORIES, type ResourceCategory, categoryMatch } from '~/lib/resources';
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
const AUTOMATIC = '';

const isCategory = (value: unknown): value is ResourceCategory => RESOURCE_CATEGORIES.includes(value as ResourceCategory);

export function guideGroupControl(copy: ContentEditorCopy['guideGroup'], names: GuideGroupNames) {
  const groupName = (category: ResourceCategory) => fill(names.groupHeading, { label: names.filters[category] });
  const wordsOf = (words: Partial<Record<CategoryField, readonly string[]>>) =>
    FIELDS.filter((field) => words[field]?.length)
      .map((field) => `${words[field]!.map((word) => `“${word}”`).join(', ')} (${copy.fields[field]})`)
      .join('; ');
  const rules = CATEGORY_RULES.map(({ category, words }) => `${groupName(category)}: ${wordsOf(words)}`).join(' · ');

  return class GuideGroup extends Component<ControlProps & { onChange: (value: unknown) => void }> {
    private stop: (() => void) | undefined;

    /** What the form holds now: what a checked field reported last, else the entry as it was opened. */
    private value(name: string): unknown {
      return fieldValue(name) ?? (this.props.entry as Entry | undefined)?.getIn(['data', name]);
    }

    private said(): { landsIn: string; because: string } {
      const chosen = this.props.value;
      if (this.value('featured') === true) return { landsIn: copy.featured, because: '' };
      if (isCategory(chosen)) return { landsIn: fill(copy.chosen, { group: groupName(chosen) }), because: '' };
      const [title, tag, description] = FIELDS.map((field) => String(this.value(field) ?? ''));
      const resource: CategorisableResource = { title: title!, tag: tag!, description: description! };
      const { category, because } = categoryMatch(resource);
      return {
        landsIn: fill(copy.landsIn, { group: groupName(category) }),
        because: because ? fill(copy.because, { field: copy.fields[because.field], word: because.word }) : copy.fallback,
      };
    }

    /** Automatic takes `group` out of the entry: the file leaves it out. */
    private readonly choose = (event: ChangeEvent<HTMLSelectElement>) => {
      const { value } = event.target;
      this.props.onChange(isCategory(value) ? value : undefined);
    };

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
      const { forID, value } = this.props;
      const { landsIn, because } = this.said();
      const saidId = `${forID}-said`;
      return (
        <div className={String(this.props.classNameWrapper ?? '')}>
          <select
            id={forID}
            value={isCategory(value) ? value : AUTOMATIC}
            onChange={this.choose}
            aria-describedby={saidId}
            style={{ font: 'inherit', padding: '8px 12px', border: '1px solid #767676', borderRadius: 4, background: '#fff', minWidth: 260 }}
          >
            <option value={AUTOMATIC}>{copy.automatic}</option>
            {RESOURCE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {groupName(category)}
              </option>
            ))}
          </select>
          <output id={saidId} aria-live="polite" style={{ display: 'block', marginTop: 12 }}>
            <strong>{landsIn}</strong> {because}
          </output>
          {!isCategory(value) && (
            <small style={{ display: 'block', marginTop: 8 }}>
              {copy.rules} {rules}
            </small>
          )}
        </div>
      );
    }
  };
}
