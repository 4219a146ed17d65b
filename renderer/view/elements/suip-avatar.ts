import { css } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { avatar } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';
import { faceStyles, renderFace } from './avatar-face.ts';
import { policyAt } from '../refusals.ts';

/** `avatar`: a round picture (policy-checked) or the name's initials, named by the name. */
export class SuipAvatar extends SuipGroupElement {
  static override definition = avatar;
  static override styles = [baseStyles, faceStyles, css`:host { display: inline-flex; vertical-align: middle; }`];

  protected override render(): unknown {
    const name = this.text('name') ?? '';
    return renderFace(
      name,
      this.child('src'),
      this.context && policyAt(this.context, [...this.path, 'src']),
      (this.text('size') ?? '').trim(),
      name,
    );
  }
}
defineElement('suip-avatar', SuipAvatar);
