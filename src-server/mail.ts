import nodemailer from 'nodemailer'

export interface MailAttachment {
  filename: string
  content: Buffer
  contentType: string
}

export interface Mailer {
  send(message: { to: string; subject: string; text: string; attachments?: MailAttachment[] }): Promise<void>
}

/** Mail over SMTP (`smtp://user:pass@host:port`, or `smtps://` for TLS), from the given sender. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url)
  return {
    async send(message) {
      await transport.sendMail({ from, ...message })
    },
  }
}
