import { UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { genericErrorMessage, routeErrorMessage, routeErrorStatus } from './error-message.ts';

describe('routeErrorMessage', () => {
  it('uses the status text of a route error response', () => {
    expect(routeErrorMessage(new ErrorResponse(404, 'Not Found', null))).toBe('Not Found');
  });
  it('then the data message', () => {
    expect(routeErrorMessage(new ErrorResponse(403, '', { message: '没有权限' }))).toBe('没有权限');
    expect(routeErrorMessage(new ErrorResponse(400, '', '参数不正确'))).toBe('参数不正确');
  });
  it('then the error message', () => {
    expect(routeErrorMessage(new Error('chunk failed'))).toBe('chunk failed');
  });
  it('then the generic text', () => {
    expect(routeErrorMessage(undefined)).toBe(genericErrorMessage);
    expect(routeErrorMessage(new Error(''))).toBe(genericErrorMessage);
    expect(routeErrorMessage(new ErrorResponse(500, '', null))).toBe(genericErrorMessage);
    expect(genericErrorMessage).toBe('An unexpected error occurred.');
  });
  it('reads a thrown object with a message', () => {
    expect(routeErrorMessage({ message: '出错' })).toBe('出错');
  });
});

describe('routeErrorStatus', () => {
  it('is the status of a route error response, else null', () => {
    expect(routeErrorStatus(new ErrorResponse(404, 'Not Found', null))).toBe(404);
    expect(routeErrorStatus(new Error('x'))).toBeNull();
  });
});
