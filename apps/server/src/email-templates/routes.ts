import {
  ZEmailTemplate,
  ZEmailTemplateHistory,
  ZEmailTemplateList,
  ZEmailTemplateParams,
  ZEmailTemplatePreview,
  ZEmailTemplatePreviewForm,
  ZEmailTemplatePreviewRequest,
  ZEmailTemplateSave,
  ZEmailTemplateSaveResult,
  ZEmailTemplateTestRequest,
  ZEmailTemplateTestResult,
} from '@ops/contract/email-templates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../http/actor';
import { mailContextOf } from '../http/mail-context';
import { emailHtmlContentSecurityPolicy } from '../http/inline-document';
import { emailTemplateHistory } from './history';
import { previewEmailPage, previewEmailTemplate } from './preview';
import { getEmailTemplate, listEmailTemplates } from './read';
import { revertEmailTemplate } from './revert';
import { saveEmailTemplate } from './save';
import { sendTestEmail } from './send-test';
import { apiRoutes } from '../http/api-route';

const base = '/api/settings/email-templates';

/**
 * The HTML preview's frame (issue 32): the editor posts the draft into a sandboxed frame as a
 * form, and the answer is its HTML as a page of its own, under the policy e-mails are shown
 * with, so its inline styles apply as in a mail client (the console's policy, which a frame it
 * wrote itself would inherit, refuses them). A plugin of its own: the form's content type is
 * read by this route only.
 */
const previewFrameRoute: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(
    `${base}/:kind/:language/preview/html`,
    {
      // The console's form navigates its frame with `Origin: null` (http/origin-check.ts).
      config: { permission: 'email-templates.edit', sameOriginFormNavigation: true },
      schema: {
        tags: ['email-templates'],
        summary:
          "A draft's HTML as the page of the preview frame: sandboxed, the e-mail's own policy",
        params: ZEmailTemplateParams,
        body: ZEmailTemplatePreviewForm,
      },
    },
    async (request, reply) => {
      const page = await previewEmailPage(
        app.deps.db,
        request.params.kind,
        request.params.language,
        request.body,
        app.deps.config.publicUrl,
      );
      return reply
        .code(page.status)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', emailHtmlContentSecurityPolicy)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .send(page.html);
    },
  );
};

/**
 * E-mail templates (issue 17): every operator reads them; those who write to members (admin,
 * finance, membership: `email-templates.edit`) change, preview, test and revert them.
 */
export const emailTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'email-templates');

  await app.register(previewFrameRoute);

  route({
    method: 'GET',
    url: base,
    summary: 'Every kind of e-mail in every language, customised or default',
    response: ZEmailTemplateList,
    handler: async () => listEmailTemplates(app.deps.db),
  });

  route({
    method: 'GET',
    url: `${base}/:kind/:language`,
    summary: 'One template with its variables and default wording',
    params: ZEmailTemplateParams,
    response: ZEmailTemplate,
    handler: async (request) =>
      getEmailTemplate(app.deps.db, request.params.kind, request.params.language),
  });

  route({
    method: 'PUT',
    url: `${base}/:kind/:language`,
    permission: 'email-templates.edit',
    summary:
      'Saves a template, refused (400 naming the part, with line and reason) unless it renders against the examples',
    params: ZEmailTemplateParams,
    body: ZEmailTemplateSave,
    response: ZEmailTemplateSaveResult,
    handler: async (request) =>
      saveEmailTemplate(
        app.deps.db,
        operatorActor(request),
        request.params.kind,
        request.params.language,
        request.body,
      ),
  });

  route({
    method: 'POST',
    url: `${base}/:kind/:language/revert`,
    permission: 'email-templates.edit',
    summary: 'Reverts a template to its default wording (the override is deleted, audited)',
    params: ZEmailTemplateParams,
    response: ZEmailTemplateSaveResult,
    handler: async (request) =>
      revertEmailTemplate(
        app.deps.db,
        operatorActor(request),
        request.params.kind,
        request.params.language,
      ),
  });

  route({
    method: 'POST',
    url: `${base}/:kind/:language/preview`,
    permission: 'email-templates.edit',
    summary: 'Renders a draft against a real record or the example, without saving it',
    params: ZEmailTemplateParams,
    body: ZEmailTemplatePreviewRequest,
    response: ZEmailTemplatePreview,
    handler: async (request) =>
      previewEmailTemplate(
        app.deps.db,
        request.params.kind,
        request.params.language,
        request.body,
        app.deps.config.publicUrl,
      ),
  });

  route({
    method: 'POST',
    url: `${base}/:kind/:language/test`,
    permission: 'email-templates.edit',
    summary: "Sends a draft, rendered, to the signed-in operator's own address",
    params: ZEmailTemplateParams,
    body: ZEmailTemplateTestRequest,
    response: ZEmailTemplateTestResult,
    handler: async (request) =>
      sendTestEmail(
        app.deps.db,
        operatorActor(request),
        request.params.kind,
        request.params.language,
        request.body,
        mailContextOf(app),
      ),
  });

  route({
    method: 'GET',
    url: `${base}/:kind/:language/history`,
    summary: "The template's saves and reverts from the audit trail, newest first",
    params: ZEmailTemplateParams,
    response: ZEmailTemplateHistory,
    handler: async (request) =>
      emailTemplateHistory(app.deps.db, request.params.kind, request.params.language),
  });
};
