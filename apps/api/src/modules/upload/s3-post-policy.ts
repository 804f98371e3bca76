import { createHmac } from 'node:crypto';

// Browser uploads straight to an S3-compatible bucket with a POST policy signed by Signature
// Version 4 (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html).
// The policy pins the key, the size range and an image content type, and expires: the browser
// gets a grant for one object, never the credentials.

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** The SigV4 signing key for a day, region and service. */
export function signingKey(secret: string, date: string, region: string, service = 's3'): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

/** The signature of a base64 policy: hex HMAC-SHA256 with the day's signing key. */
export function signPolicy(policyBase64: string, secret: string, date: string, region: string): string {
  return createHmac('sha256', signingKey(secret, date, region))
    .update(policyBase64)
    .digest('hex');
}

export type S3PostOptions = {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  key: string;
  maxBytes: number;
  contentTypePrefix: string;
  expiresAt: Date;
  now: Date;
};

/** The form fields of an S3 POST upload of one object (the file and Content-Type go after them). */
export function s3PostFields(o: S3PostOptions): Record<string, string> {
  const amzDate = o.now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const credential = `${o.accessKeyId}/${day}/${o.region}/s3/aws4_request`;
  const policy = {
    expiration: o.expiresAt.toISOString(),
    conditions: [
      { bucket: o.bucket },
      { key: o.key },
      ['content-length-range', 1, o.maxBytes],
      ['starts-with', '$Content-Type', o.contentTypePrefix],
      { 'x-amz-algorithm': 'AWS4-HMAC-SHA256' },
      { 'x-amz-credential': credential },
      { 'x-amz-date': amzDate },
    ],
  };
  const encoded = Buffer.from(JSON.stringify(policy)).toString('base64');
  return {
    key: o.key,
    'x-amz-algorithm': 'AWS4-HMAC-SHA256',
    'x-amz-credential': credential,
    'x-amz-date': amzDate,
    policy: encoded,
    'x-amz-signature': signPolicy(encoded, o.secretAccessKey, day, o.region),
  };
}
