/** The development provider: the order is paid the moment it is made. Only under DEV_CONTROL. */
import type { PaymentProvider } from './provider';

export function createDevProvider(): PaymentProvider {
  return {
    id: 'dev',
    name: '开发环境直充',
    async start(order) {
      return { payUrl: null, settledTradeNo: `DEV${order.id}` };
    },
    async refund() {},
  };
}
