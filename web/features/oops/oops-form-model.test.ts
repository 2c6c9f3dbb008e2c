import { describe, expect, it } from 'vitest';
import { OOPS_FORM_DEFAULTS } from '../../../common/domain/oops-fields';
import { OOPS_MESSAGES } from '../../../common/domain/oops-options';
import { templateFor } from '../../../common/domain/templates';
import {
  applyTemplate,
  buildPayload,
  initialFormState,
  validateForm,
  type OopsFormState,
} from './oops-form-model';

const filled = (overrides: Partial<OopsFormState> = {}): OopsFormState => ({
  ...initialFormState(),
  title: 'Checkout down',
  description: 'Checkout failed for everyone for an hour.',
  ...overrides,
});

describe('initialFormState', () => {
  it('starts from docs/product.md §9 form defaults', () => {
    const s = initialFormState();
    expect(s).toMatchObject({
      severity: 'Medium',
      oops_type: 'Service Outage',
      downtime_hours: '0',
      users_affected: '1-100 Users',
      systems_impacted: '1 System',
      detection_method: 'Monitoring Alert',
      preventability: 3,
      kind: 'incident',
    });
    expect(OOPS_FORM_DEFAULTS.status).toBe('Open');
  });
});

describe('applyTemplate', () => {
  it('fills type, severity, department and tags from the template', () => {
    const next = applyTemplate(filled({ tags: ['custom'] }), templateFor('Security Incident')!);
    expect(next).toMatchObject({
      oops_type: 'Security Incident',
      severity: 'Critical',
      area_department: 'Security',
      tags: ['custom', 'security'],
    });
  });
});

describe('validateForm', () => {
  it('asks for title, severity and description with the spec text', () => {
    const message = 'Please fill in all required fields (title, severity, and detailed description).';
    expect(validateForm(filled({ title: '  ' }))).toEqual({ message, fields: ['title'] });
    expect(validateForm(filled({ severity: '' }))?.message).toBe(message);
    expect(validateForm(filled({ description: '' }))).toEqual({ message, fields: ['description'] });
  });

  it('names every missing required field at once, from the log call contract', () => {
    expect(validateForm(filled({ title: '', severity: '', description: ' ' }))).toEqual({
      message: 'Please fill in all required fields (title, severity, and detailed description).',
      fields: ['title', 'severity', 'description'],
    });
  });

  it('refuses what the server would refuse, with its message', () => {
    expect(validateForm(filled({ product_system: 'x'.repeat(201) }))).toEqual({
      message: 'Product or system must be at most 200 characters.',
      fields: ['product_system'],
    });
  });

  it('requires an incident type', () => {
    expect(validateForm(filled({ oops_type: '' }))).toEqual({
      message: OOPS_MESSAGES.typeRequired,
      fields: ['oops_type'],
    });
  });

  it('limits the title to 150 characters, counting them', () => {
    expect(validateForm(filled({ title: 'x'.repeat(150) }))).toBeNull();
    expect(validateForm(filled({ title: 'x'.repeat(151) }))?.message).toBe(
      'Title must be 150 characters or less (currently 151 characters).',
    );
  });

  it('needs at least 10 characters of description', () => {
    expect(validateForm(filled({ description: 'too short' }))?.message).toBe(
      'Description must be at least 10 characters. Please provide more details about what happened.',
    );
    expect(validateForm(filled({ description: '10 letters' }))).toBeNull();
  });
});

describe('buildPayload', () => {
  it('sends the description as description and what_happened, Open, with the defaults', () => {
    expect(buildPayload(filled({ tags: ['api'] }))).toEqual({
      kind: 'incident',
      title: 'Checkout down',
      severity: 'Medium',
      description: 'Checkout failed for everyone for an hour.',
      what_happened: 'Checkout failed for everyone for an hour.',
      status: 'Open',
      downtime_hours: 0,
      oops_type: 'Service Outage',
      users_affected: '1-100 Users',
      systems_impacted: '1 System',
      detection_method: 'Monitoring Alert',
      tags: ['api'],
      preventability: 3,
    });
  });

  it('suggests up to 3 tags from title and description when none are given', () => {
    const payload = buildPayload(
      filled({ title: 'API outage after deploy', description: 'The database was slow after the release.' }),
    );
    expect(payload.tags).toEqual(['outage', 'performance', 'deployment']);
  });

  it('defaults users affected to 1-1000 Users for High and Critical only', () => {
    expect(buildPayload(filled({ severity: 'High', users_affected: '' })).users_affected).toBe(
      '1-1000 Users',
    );
    expect(buildPayload(filled({ severity: 'Critical', users_affected: '' })).users_affected).toBe(
      '1-1000 Users',
    );
    expect(buildPayload(filled({ severity: 'Low', users_affected: '' }))).not.toHaveProperty(
      'users_affected',
    );
    expect(buildPayload(filled({ severity: 'High', users_affected: 'All Users' })).users_affected).toBe(
      'All Users',
    );
  });

  it('sends preventability only above 0 and leaves empty optional fields out', () => {
    const payload = buildPayload(
      filled({
        preventability: 0,
        detection_method: '',
        systems_impacted: '',
        owner_name: ' ',
        root_cause: '',
      }),
    );
    expect(payload).not.toHaveProperty('preventability');
    for (const key of [
      'detection_method',
      'systems_impacted',
      'owner_name',
      'root_cause',
      'lesson_learned',
    ]) {
      expect(payload).not.toHaveProperty(key);
    }
  });

  it('parses downtime as a number, 0 when unusable, and sends the department twice', () => {
    expect(buildPayload(filled({ downtime_hours: '0.5' })).downtime_hours).toBe(0.5);
    expect(buildPayload(filled({ downtime_hours: '' })).downtime_hours).toBe(0);
    const payload = buildPayload(filled({ area_department: 'Security' }));
    expect(payload).toMatchObject({ area_department: 'Security', department: 'Security' });
  });
});
