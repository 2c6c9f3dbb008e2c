import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { LIMITS } from '../../../common/domain/options';
import { LEGAL } from '../../../common/domain/public-texts';
import { LegalPage, type LegalSection } from './legal-page';

const sections: LegalSection[] = [
  {
    id: 'service',
    title: 'The service',
    body: (
      <>
        <p>
          OopsBoard is a platform to track, analyze and learn from mistakes. Teams use it to log incidents,
          near-misses and learning moments; to record what happened, the impact, the root cause and the lesson
          learned; to assign and follow up action items; to keep timelines and notes; to read dashboards and
          executive reports; and to collaborate on all of this with the other members of their team.
        </p>
        <p>
          OopsBoard is open-source software that an organisation runs on its own servers. These terms are
          between you and the organisation that operates this installation (the &quot;operator&quot;). The
          operator decides who may use it and is responsible for running it.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who may use OopsBoard',
    body: (
      <>
        <p>
          You must be at least {LIMITS.minimumAge} years old to create an account or use OopsBoard. By signing
          up you confirm that you are.
        </p>
        <p>
          If you use OopsBoard on behalf of an employer or another organisation, you confirm that you may
          accept these terms for it.
        </p>
      </>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <ul>
        <li>Give accurate information when you sign up, and keep your e-mail address current.</li>
        <li>
          Keep your password and sign-in links to yourself. You are responsible for what is done with your
          account; tell your team owner or the operator at once if you think someone else has used it.
        </li>
        <li>
          A platform administrator may disable an account that breaks these terms or puts the service or other
          users at risk. A disabled account is signed out immediately and cannot sign in until it is enabled
          again.
        </li>
      </ul>
    ),
  },
  {
    id: 'content',
    title: 'What you log',
    body: (
      <>
        <p>
          Incidents, notes, timelines, action items and other content you enter stay yours and your
          team&apos;s. You give the operator only the permission needed to store, process and show that
          content to the members of your team so that the service works.
        </p>
        <p>
          Log facts, not blame. Do not enter passwords, secrets, payment card data, health data or other
          sensitive personal data about anyone in incident records; describe what happened without them.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <ul>
        <li>Do not break the law, or anyone&apos;s rights, with what you log or share.</li>
        <li>Do not try to reach data of teams you do not belong to, or to get around access controls.</li>
        <li>Do not overload, probe or disrupt the service, and do not automate sign-ins or sign-ups.</li>
        <li>Do not upload malicious code or content meant to harass, discriminate against or harm others.</li>
      </ul>
    ),
  },
  {
    id: 'teams',
    title: 'Teams and roles',
    body: (
      <p>
        Each team has an owner. Owners and admins invite members and change their roles and departments;
        owners rename the team. What you log in a team can be read by every member of that team. Leaving a
        team, or being removed from it, ends your access to its records; the records stay with the team.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and warranty',
    body: (
      <p>
        The operator aims to keep OopsBoard available and your data safe, but the service is provided &quot;as
        is&quot;, without warranties of any kind. To the extent the law allows, neither the operator nor the
        authors of OopsBoard are liable for indirect or consequential losses, or for losses caused by content
        that users log. Nothing in these terms limits liability that cannot be limited by law.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Ending your use',
    body: (
      <p>
        You may stop using OopsBoard at any time. To have your account deleted, contact the operator through
        the Contact link at the bottom of every page. See the{' '}
        <Anchor component={Link} to="/privacy">
          Privacy Policy
        </Anchor>{' '}
        for what happens to your data.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We will give at least {LEGAL.changeNoticeDays} days&apos; notice of any change to these terms, by
        e-mail or by a notice in the app, before it takes effect. If you keep using OopsBoard after that date,
        the new terms apply; if you do not agree, stop using it and ask for your account to be deleted.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms go to the operator of this installation, through the Contact link below.
      </p>
    ),
  },
];

/** docs/product.md §1: terms describing the platform, minimum age 18, and 30 days' notice of changes. */
export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <p>
          Please read these terms before you use OopsBoard. By creating an account or using the service you
          agree to them.
        </p>
      }
      sections={sections}
    />
  );
}
