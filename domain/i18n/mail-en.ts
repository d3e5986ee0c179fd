import type { MailKey } from "./mail-pl";

// English texts of the e-mails: used by the server only, never sent to the browser.
// Typed by the Polish keys of the area, so the compiler rejects missing and extra keys.

export const enMail: Record<MailKey, string> = {
  "email.orderGreeting": "Hello {name},",
  "email.refundOwedSubject": "Refund owed: money for order {orderNumber}",
  "email.refundOwedIntro":
    "money ({amount}) arrived for order {orderNumber}, which cannot take it. Return it to the customer ({email}) with “Refund the money” on the order's page in the staff area.",
  "email.refundOwedReason.ERROR_PAID_AFTER_CANCEL":
    "Reason: the payment arrived after the order was canceled.",
  "email.refundOwedReason.ERROR_PAYMENT_AMOUNT":
    "Reason: the payment's amount or currency does not match the order.",
  "email.refundOwedReason.ERROR_STOCK_SHORTAGE":
    "Reason: the order was paid after its goods were sold to other customers (out of stock).",
  "email.refundOwedReason.ERROR_PAID_TWICE": "Reason: the order had already been paid by an earlier payment.",
  "email.refundOwedGreeting": "Hello,",
  "email.refundOwedLink": "The order in the staff area",
  "email.refundStartedSubject": "Refund started: order {orderNumber}",
  "email.refundStartedIntro":
    "We have started a refund of {amount} for order {orderNumber}. The money goes back the way you paid; we will write again when the refund is complete.",
  "email.refundDoneSubject": "Refund complete: order {orderNumber}",
  "email.refundDoneIntro": "The refund of {amount} for order {orderNumber} is complete.",
  "email.refundCorrectionLink": "Correcting invoice:",
  "email.refundOrderLink": "Order:",
  "email.shopNewOrderSubject": "New order {orderNumber} ({amount})",
  "email.shopNewOrderIntro": "order {orderNumber} has been paid. Customer: {name}, {email}, phone {phone}.",
  "email.shopOrderLink": "The order in the staff area",
  "email.lowStockSubject": "Low stock: {date}",
  "email.lowStockIntro": "these products are low (at most {max} units) or sold out:",
  "email.lowStockSoldOut": "sold out",
  "email.lowStockLink": "The warehouse in the staff area",
  "email.orderReceivedSubject": "We have received your order {orderNumber}",
  "email.orderReceivedIntro":
    "thank you for shopping with us! We have received your order {orderNumber}. We will start preparing it once the payment is confirmed.",
  "email.orderReceivedPayment":
    "If the payment was not completed, you can pay with the “Pay now” button on the order page until {time}. After that the order will be canceled.",
  "email.orderPaidSubject": "Thank you! Order {orderNumber} is paid",
  "email.orderPaidIntro":
    "thank you! We have received the payment for order {orderNumber} and are starting to prepare your parcel.",
  "email.orderPaidInvoice": "The VAT invoice for the order is now available.",
  "email.orderPaidInvoiceInOrder": "You will find the VAT invoice on the order page.",
  "email.orderPaidKsefNumber":
    "The invoice has been sent to KSeF (the Polish National e-Invoice System); its KSeF number is {ksefNumber}.",
  "email.orderPaidKsefPending":
    "The invoice is on its way to KSeF (the Polish National e-Invoice System). Its KSeF number will appear on the invoice downloaded from the link above as soon as we receive it.",
  "email.orderInvoiceLink": "Download the invoice",
  "email.orderShippedSubject": "Order {orderNumber} has been shipped",
  "email.orderShippedIntro": "your order {orderNumber} has been handed to the carrier and is on its way.",
  "email.orderCanceledSubject": "Order {orderNumber} has been canceled",
  "email.orderCanceledIntro": "your order {orderNumber} has been canceled and will not be shipped.",
  "email.orderCanceledContact":
    "If you have any questions or think this is a mistake, reply to this message or write to us: {contactUrl}",
  "email.orderExpiredReason":
    "We did not receive the payment in time, so the items reserved for you are back on sale. If you still want them, please place the order again. If the payment is taken after all, we will return the money.",
  "email.orderViewIntro": "Order details and current status:",
  "email.orderViewLink": "View the order",
  "email.orderDeliveryAddress": "Delivery address",
  "email.orderSignature": "Best regards\nThe {shopName} team",
  "email.backInStockConfirmSubject": "Confirm the back-in-stock notice: {product}",
  "email.backInStockConfirmIntro":
    "someone asked us to write to this address when “{product}” is available again. Confirm that it was you with this link (valid for 48 hours):",
  "email.backInStockConfirmLink": "Yes, notify me",
  "email.backInStockConfirmIgnore":
    "If it was not you, ignore this message: without a confirmation we send nothing more.",
  "email.backInStockSubject": "Back in stock: {product}",
  "email.backInStockIntro": "“{product}” is available again for {price}.",
  "email.backInStockLink": "See the product",
  "email.backInStockUnsubscribe": "Do not want these messages? Unsubscribe:",
};
