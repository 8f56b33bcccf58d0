/**
 * A field only the site's owner may change (`ownerOnly()` in the schemas: what the site trusts),
 * in anyone else's form: its value shown read-only, with the words that say why. It never calls
 * `onChange`, so the entry keeps the value exactly as it was opened, an object's or a list's too;
 * the endpoint refuses an editor's save that changes it all the same.
 */
import { Component } from 'react';
import type { ContentEditorCopy } from '../../shared/schema';
import type { ShownPart } from '../schema-fields';
import { plainValue } from '../field-check';
import type { ControlProps } from './checked-control';

type Words = ContentEditorCopy['ownerOnly'];

const box = {
  display: 'block',
  width: '100%',
  padding: '8px 12px',
  border: '1px solid #cdcdd5',
  borderRadius: 4,
  background: '#f3f3f6',
  color: '#313d3e',
  font: 'inherit',
};

interface ShownProps {
  value: unknown;
  parts: readonly ShownPart[] | undefined;
  /** The first input's id is the field's own (Decap's label names it); the others follow from it. */
  id: string;
  /** The note that says why each value is read-only. */
  note: string;
  words: Words;
}

function Shown({ value, parts, id, note, words }: ShownProps) {
  if (Array.isArray(value)) {
    return (
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
        {value.length === 0 && <li>{words.empty}</li>}
        {value.map((item, index) => (
          <li key={index}>
            <Shown value={item} parts={parts} id={index === 0 ? id : `${id}-${index}`} note={note} words={words} />
          </li>
        ))}
      </ul>
    );
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const named: readonly ShownPart[] = parts ?? Object.keys(record).map((name) => ({ name, label: name }));
    return (
      <div style={{ display: 'grid', gap: 8 }}>
        {named.map((part) => (
          <div key={part.name}>
            {part.parts ? (
              <span style={{ display: 'block', fontSize: 13, fontWeight: 600 }}>{part.label}</span>
            ) : (
              <label htmlFor={`${id}-${part.name}`} style={{ display: 'block', fontSize: 13, fontWeight: 600 }}>
                {part.label}
              </label>
            )}
            <Shown value={record[part.name]} parts={part.parts} id={`${id}-${part.name}`} note={note} words={words} />
          </div>
        ))}
      </div>
    );
  }
  const text = value === undefined || value === null || value === '' ? words.empty : String(value);
  return <input id={id} readOnly value={text} aria-describedby={note} style={box} />;
}

export function ownerOnlyControl(words: Words) {
  return class OwnerOnly extends Component<ControlProps> {
    /** Decap's presence check reads this: the field is never missing, even empty (the pixel off). */
    getValidateValue = () => words.note;

    override render() {
      const { forID, field, value } = this.props;
      const parts = field.get('parts') as { toJS(): ShownPart[] } | ShownPart[] | undefined;
      const shownParts = parts && 'toJS' in parts ? parts.toJS() : parts;
      const noteId = `${forID}-owner-only`;
      return (
        <div style={{ padding: '12px 0' }}>
          <p id={noteId} style={{ margin: '0 0 8px', fontSize: 14, fontWeight: 600 }}>
            {words.note}
          </p>
          <Shown value={plainValue(value)} parts={shownParts} id={forID} note={noteId} words={words} />
        </div>
      );
    }
  };
}
