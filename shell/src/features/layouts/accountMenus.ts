import type { AccountArea } from './selectLayout';

export interface MenuItem {
  label: string;
  to: string;
}

/** Side menus of the two account areas. */
export const ACCOUNT_MENUS: Record<AccountArea, readonly MenuItem[]> = {
  user: [
    { label: 'Главная', to: '/account/user' },
    { label: 'Билеты', to: '/account/user/ticket' },
    { label: 'Избранное', to: '/account/user/favorite' },
    { label: 'Отзывы', to: '/account/user/reviews' },
    { label: 'Уведомления', to: '/account/user/notification' },
    { label: 'Поддержка', to: '/account/user/support' },
    { label: 'Профиль', to: '/account/user/profile' },
  ],
  partner: [
    { label: 'Главная', to: '/account/partner' },
    { label: 'Заказы', to: '/account/partner/orders' },
    { label: 'Статистика', to: '/account/partner/static' },
    { label: 'Календарь', to: '/account/partner/calendar' },
    { label: 'Экскурсии', to: '/account/partner/excursions' },
    { label: 'Отзывы', to: '/account/partner/reviews' },
    { label: 'Уведомления', to: '/account/partner/notification' },
    { label: 'Поддержка', to: '/account/partner/support' },
    { label: 'Профиль', to: '/account/partner/profile' },
  ],
};

export const AREA_TITLES: Record<AccountArea, string> = {
  user: 'Личный кабинет',
  partner: 'Кабинет партнёра',
};
