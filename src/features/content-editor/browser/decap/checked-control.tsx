/**
 * A Decap widget's control, checked with the build's own rule for its field (the config's
 * `rule`): a bad value is refused on the field, before any request. The field is checked when
 * she leaves it (Decap's `setInactiveStyle`, which it calls on blur), and again as she types
 * while it shows a message, so the message goes as soon as the value is right. Decap's `Widget` reads
 * `isValid`, `validate`, `focus`, `getValidateValue` and `shouldComponentUpdate` off the control
 * instance it holds (Widget.js `processInnerControlRef`), and calls `isValid` detached from it,
 * so each is an own, bound property here that hands on to the wrapped control's where it has one.
 */
import { Component, type ComponentType } from 'react';
import type { z } from 'astro/zod';
import { fieldMessage } from '../field-check';
import { reportField } from '../live-fields';
import { onRejection, rejectionMessage } from '../rejections';
import { refusedPictureProblem } from '../refused-pictures';

/** The few props of Decap's control props this reads; the rest pass through. */
export interface ControlProps {
  field: { get(key: string, fallback?: unknown): unknown; has(key: string): boolean };
  value?: unknown;
  forID: string;
  parentIds?: string[];
  /** Decap's `Widget.validate`: presence, pattern, then this control's `isValid`; shows the messages. */
  validate: () => void;
  controlRef?: (control: unknown) => void;
  /** Decap's blur handler (it styles the field as inactive). */
  setInactiveStyle?: () => void;
  /** Every field's messages now shown, by field id (`forID`). */
  fieldsErrors?: { get(id: string): unknown };
  classNameWrapper?: string;
  hasActiveStyle?: boolean;
  [prop: string]: unknown;
}

type Validity = boolean | { error: unknown } | Promise<unknown>;

interface Control {
  isValid?: () => Validity;
  validate?: () => void;
  focus?: (path?: string) => void;
  getValidateValue?: () => unknown;
  shouldComponentUpdate?: (next: ControlProps) => boolean;
}

/** The build's rule of a field, by the id the config gives it. */
export type FieldRule = (id: string) => z.ZodType | undefined;

const PICTURE_WIDGETS = new Set(['image', 'file']);

const passes = (validity: Validity | undefined) =>
  validity === undefined || validity === true || (typeof validity === 'object' && 'error' in validity && validity.error === false);

export function checkedControl(Inner: ComponentType<ControlProps>, fieldRule: FieldRule) {
  return class CheckedControl extends Component<ControlProps> {
    inner: Control | null = null;
    private stopListening: (() => void) | undefined;

    private readonly setInner = (control: Control | null) => {
      this.inner = control;
    };

    /** This field's own message: the build's rule first, then a picture refused when picked, then the last refused save's. */
    message(): string | null {
      const { field, value } = this.props;
      const id = field.get('rule');
      const rule = typeof id === 'string' ? fieldRule(id) : undefined;
      const hasSubfields = field.has('field') || field.has('fields') || field.has('types');
      const own = rule ? fieldMessage(rule, value, { hasSubfields }) : null;
      const picture = PICTURE_WIDGETS.has(String(field.get('widget'))) ? refusedPictureProblem(value) : null;
      return own ?? picture ?? rejectionMessage(String(field.get('name')), value);
    }

    isValid = (): Validity => {
      const inner = this.inner?.isValid?.();
      if (!passes(inner)) return inner!;
      const message = this.message();
      return message ? { error: { type: 'CUSTOM', parentIds: this.props.parentIds ?? [], message } } : true;
    };

    /** A list or an object validates its items; its own rule (at least one bullet) is checked after. */
    validate = () => {
      if (!this.inner?.validate) return this.props.validate();
      this.inner.validate();
      this.props.validate();
    };

    focus = (path?: string) => {
      if (this.inner?.focus) this.inner.focus(path);
      else document.getElementById(this.props.forID)?.focus();
    };

    getValidateValue = () => this.inner?.getValidateValue?.();

    /** A list or an object registers itself with its parent for validation: this control stands in for it. */
    private readonly controlRef = () => this.props.controlRef?.(this);

    override shouldComponentUpdate(next: ControlProps): boolean {
      if (this.inner?.shouldComponentUpdate) return this.inner.shouldComponentUpdate(next);
      return next.value !== this.props.value || next.classNameWrapper !== this.props.classNameWrapper || next.hasActiveStyle !== this.props.hasActiveStyle;
    }

    override componentDidMount() {
      this.report();
      // A refused save names this field: show it now, not at the next save.
      this.stopListening = onRejection(() => {
        if (rejectionMessage(String(this.props.field.get('name')), this.props.value)) this.props.validate();
      });
    }

    override componentDidUpdate(previous: ControlProps) {
      this.report();
      if (previous.value !== this.props.value && this.showsMessage()) this.props.validate();
    }

    private showsMessage(): boolean {
      const shown = this.props.fieldsErrors?.get(this.props.forID) as { length?: number; size?: number } | undefined;
      return (shown?.length ?? shown?.size ?? 0) > 0;
    }

    /** She leaves the field: it is checked. */
    private readonly leave = () => {
      this.props.setInactiveStyle?.();
      this.props.validate();
    };

    override componentWillUnmount() {
      this.stopListening?.();
    }

    private report() {
      if ((this.props.parentIds ?? []).length === 0) reportField(String(this.props.field.get('name')), this.props.value);
    }

    override render() {
      return <Inner {...this.props} ref={this.setInner} controlRef={this.controlRef} setInactiveStyle={this.leave} />;
    }
  };
}
