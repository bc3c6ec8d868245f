import { useRouteError } from 'react-router';
import { StatusPage } from '../components/status-page.tsx';
import { routeErrorMessage, routeErrorStatus } from './error-message.ts';
import { paths } from './paths.ts';

export function ErrorPage() {
  const error = useRouteError();
  const status = routeErrorStatus(error);
  return (
    <StatusPage
      code={status === null ? '!' : String(status)}
      title="出错了"
      message={`抱歉，页面出现了问题：${routeErrorMessage(error)}`}
      homeHref={paths.home}
      showReload
    />
  );
}

export function NotFoundPage() {
  return <StatusPage code="404" title="页面不存在" message="您访问的页面不存在或已被移除。" homeHref={paths.home} />;
}
