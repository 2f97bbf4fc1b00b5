import { CloudDownloadOutlined } from '@ant-design/icons';
import type { TApplyTicket } from '@masthub/shared';
import { Button, Card, Flex, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { RequestError } from '../../request/request.ts';
import { openTicket, requestTicket } from './api.ts';
import { formatBytes } from './apply-columns.tsx';

type LinkState =
  | { kind: 'checking' }
  | { kind: 'ready'; ticket: TApplyTicket }
  | { kind: 'refused'; reason: string };

/**
 * The page a delivered link opens (`/download/{id}?exp=…&sig=…`): with the applicant logged in, the
 * server checks the link's signature and expiry, the application and the applicant's rights, and hands
 * a two-minute ticket; the browser then downloads the file itself (streamed). Any refusal is said here,
 * in the reader's language.
 */
export function DownloadLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const [search] = useSearchParams();
  const [state, setState] = useState<LinkState>({ kind: 'checking' });
  const exp = Number(search.get('exp'));
  const sig = search.get('sig') ?? '';

  useEffect(() => {
    let cancelled = false;
    requestTicket({ id: Number(id), exp, sig }, true)
      .then((ticket) => {
        if (cancelled) return;
        setState({ kind: 'ready', ticket });
        openTicket(ticket);
      })
      .catch((error: unknown) => {
        if (!cancelled) {
          setState({
            kind: 'refused',
            reason: error instanceof RequestError ? error.message : String(error),
          });
        }
      });
    return () => {
      cancelled = true;
    };
  }, [id, exp, sig]);

  const again = async () => {
    try {
      openTicket(await requestTicket({ id: Number(id), exp, sig }, true));
    } catch (error) {
      setState({ kind: 'refused', reason: error instanceof RequestError ? error.message : String(error) });
    }
  };

  return (
    <Flex justify="center" style={{ padding: 24 }}>
      <Card
        style={{ maxWidth: 640, width: '100%' }}
        title={t('apply.link.title')}
        data-testid="download-link"
      >
        {state.kind === 'checking' ? (
          <Result icon={<Spin size="large" />} title={t('apply.link.checking')} />
        ) : state.kind === 'ready' ? (
          <Result
            status="success"
            title={t('apply.link.ready')}
            subTitle={`${state.ticket.fileName} · ${t('apply.link.size')} ${formatBytes(state.ticket.fileSize)} — ${t('apply.link.started')}`}
            extra={
              <Button type="primary" icon={<CloudDownloadOutlined />} onClick={() => void again()}>
                {t('apply.link.again')}
              </Button>
            }
          />
        ) : (
          <Result
            status="warning"
            title={t('apply.link.refused')}
            subTitle={<span data-testid="download-refused">{state.reason}</span>}
            extra={
              <Button onClick={() => void navigate('/stationManage?applications=1')}>
                {t('apply.link.toMine')}
              </Button>
            }
          />
        )}
      </Card>
    </Flex>
  );
}
