import { useState } from 'react';
import type {
  CertificationApplication,
  CertificationStatus,
} from '@melon/shared/contracts/certification';
import { certificationMessages as t } from '../messages.ts';
import styles from './Certification.module.css';
import { CertificationPanel } from './CertificationPanel.tsx';

interface CertificationPageProps {
  status: CertificationStatus;
  notify: (message: string) => void;
}

const shownTitle = (info: Record<string, unknown> | null) =>
  typeof info?.auth_info === 'string' ? info.auth_info : null;

/** 创作者认证: the certification shown now, and the interest and profession applications. */
export function CertificationPage({ status, notify }: CertificationPageProps) {
  const [applications, setApplications] = useState(status);
  const shown = shownTitle(status.user_auth_info);
  const submitted = (application: CertificationApplication) => {
    setApplications((now) => ({ ...now, [application.kind]: application }));
    notify(t.submitted);
  };
  return (
    <div className={styles.page}>
      <p className={styles.shown}>{shown ? t.shown(shown) : t.notShown}</p>
      <div className={styles.panels}>
        {(['interest', 'profession'] as const).map((kind) => (
          <CertificationPanel
            key={`${kind}:${applications[kind]?.id ?? ''}`}
            kind={kind}
            application={applications[kind]}
            onSubmitted={submitted}
          />
        ))}
      </div>
    </div>
  );
}
