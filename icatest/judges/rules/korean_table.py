"""The closed tables the Korean word reader (`korean.py`) strips by: particles (josa) and the
copula after a noun, verb and adjective endings, the stems a short ending is trusted after, the
irregular stems, and the nouns that end like a particle or an ending and stay whole.

A particle or ending comes with the sound it follows, as Korean writes them: 'C' after a final
consonant ('역이'), 'V' after a vowel ('주유소가'), 'L' after a vowel or ㄹ ('서울로', '차로'),
'K' after a final consonant other than ㄹ ('집으로'), 'A' after anything. After a letter or a
digit ('gs25로') every form fits. An ending that starts with a jamo ('ㄹ게요', 'ㅂ니다',
'ㅆ어요') is written on the final consonant of the syllable before it: '갈게요' is 가 + ㄹ게요.
"""

from __future__ import annotations

# --- particles and the copula, after a noun --------------------------------------------------

# Case and adverbial particles that can start a chain ('에서' + '는').
_CASE = (("에", "A"), ("에서", "A"), ("에게", "A"), ("한테", "A"), ("께", "A"), ("께서", "A"),
         ("으로", "K"), ("로", "L"), ("까지", "A"), ("부터", "A"), ("와", "V"), ("과", "C"),
         ("하고", "A"), ("보다", "A"), ("처럼", "A"), ("만큼", "A"), ("만", "A"), ("마다", "A"),
         ("랑", "V"), ("이랑", "C"), ("에서부터", "A"), ("으로부터", "K"), ("로부터", "L"),
         ("에게서", "A"), ("한테서", "A"), ("으로서", "K"), ("로서", "L"), ("밖에", "A"),
         ("같이", "A"))
# Particles cut only after a stem of two syllables or more: '필요', '소요' are no 필 + 요.
AFTER_TWO_SYLLABLES = frozenset({"요"})
# Particles that end a word on their own (and the second of a chain).
_FINAL = (("이", "C"), ("가", "V"), ("을", "C"), ("를", "V"), ("은", "C"), ("는", "V"),
          ("의", "A"), ("도", "A"), ("요", "A"), ("이요", "C"), ("이나", "C"),
          ("이라도", "C"), ("라도", "V"), ("이든지", "C"), ("든지", "V"), ("이라고", "C"),
          ("라고", "V"), ("이란", "C"), ("란", "V"), ("조차", "A"), ("씩", "A"), ("쯤", "A"),
          ("뿐", "A"), ("서", "V"), ("은요", "C"), ("는요", "V"), ("만요", "A"))
# The copula and its endings after a noun ('선릉점이에요', '주유소예요', '역삼점입니다').
_COPULA = (("이에요", "C"), ("예요", "V"),
           # after a vowel the copula, after a consonant 에 with 요 ('저녁에요'): a noun either way
           ("에요", "A"), ("입니다", "A"), ("입니까", "A"),
           ("이다", "C"), ("이야", "C"), ("야", "V"), ("이고", "C"), ("이라", "C"),
           ("이라서", "C"), ("라서", "V"), ("이라면", "C"), ("라면", "V"), ("이면", "C"),
           ("인데", "A"), ("인데요", "A"), ("인가요", "A"), ("이지", "C"),
           ("이지만", "C"), ("이죠", "C"), ("이지요", "C"), ("였어요", "V"), ("이었어요", "C"),
           ("였습니다", "V"), ("이었습니다", "C"), ("였다", "V"), ("이었다", "C"),
           ("이세요", "C"), ("이십니다", "C"), ("이신가요", "C"), ("일까요", "C"),
           ("이네요", "C"), ("네요", "V"), ("이며", "C"), ("이니까", "C"), ("이군요", "C"))

# A chain's second particle, chosen by the sound the first ends in.
_SECOND = (("은", "는"), ("도", "도"), ("만", "만"), ("요", "요"), ("의", "의"), ("이나", "나"))


def _ends_in_consonant(word: str) -> bool:
    return (ord(word[-1]) - 0xAC00) % 28 != 0


def _chains() -> dict[str, str]:
    out: dict[str, str] = {}
    for form, cond in (*_FINAL, *_COPULA, *_CASE):
        out.setdefault(form, cond)
    for form, cond in (*_CASE, ("도", "A")):
        out.setdefault(form + "요", cond)
    for form, cond in _CASE:
        for after_consonant, after_vowel in _SECOND:
            second = after_consonant if _ends_in_consonant(form) else after_vowel
            out.setdefault(form + second, cond)
            if second != "요":
                out.setdefault(form + second + "요", cond)
    return out


# Every particle form and chain, with the sound it follows; the reader tries the longest first.
PARTICLES: dict[str, str] = _chains()

# --- endings, after a verb or adjective stem -------------------------------------------------

# Endings of two syllables or more, or one that no noun ends in: a verb's ending on their own.
ENDINGS = (
    ("습니다", "C"), ("습니까", "C"), ("습니다만", "C"), ("읍시다", "C"),
    ("는데", "A"), ("는데요", "A"), ("는지", "A"), ("는지요", "A"), ("는군요", "A"),
    ("는다", "C"), ("는다고", "C"), ("는다면", "C"), ("는단", "C"), ("는", "A"),
    ("은", "C"), ("을", "C"), ("은데", "C"), ("은데요", "C"), ("은지", "C"),
    ("을게요", "C"), ("을게", "C"), ("을까요", "C"), ("을까", "C"), ("을래요", "C"),
    ("을래", "C"), ("을지", "C"), ("을지도", "C"), ("을수록", "C"),
    ("으면", "C"), ("으며", "C"), ("으러", "C"), ("으려고", "C"), ("으려면", "C"),
    ("으니까", "C"), ("으니", "C"), ("으면서", "C"), ("면서", "L"), ("으세요", "C"),
    ("으셔요", "C"), ("으십니다", "C"),
    ("으십니까", "C"), ("으십시오", "C"), ("으셨어요", "C"), ("으셨습니다", "C"),
    ("으시겠어요", "C"), ("으시겠습니까", "C"), ("으시면", "C"), ("으시고", "C"),
    ("으시는", "C"), ("으신", "C"), ("으실", "C"), ("으실래요", "C"), ("으실까요", "C"),
    ("으시죠", "C"), ("으셔서", "C"), ("으셔도", "C"),
    ("세요", "V"), ("셔요", "V"), ("십니다", "V"), ("십니까", "V"), ("십시오", "V"),
    ("셨어요", "V"), ("셨습니다", "V"), ("셨나요", "V"), ("시겠어요", "V"),
    ("시겠습니까", "V"), ("실래요", "V"), ("실까요", "V"), ("셔서", "V"), ("셔도", "V"),
    ("시니까", "V"), ("시나요", "V"),
    ("겠습니다", "A"), ("겠습니까", "A"), ("겠어요", "A"), ("겠어", "A"), ("겠다", "A"),
    ("겠네요", "A"), ("겠죠", "A"), ("겠지만", "A"), ("겠는데요", "A"), ("겠고", "A"),
    ("고요", "A"), ("지요", "A"), ("지만", "A"), ("게요", "A"), ("자고", "A"),
    ("다가", "A"), ("다고", "A"), ("다면", "A"), ("도록", "A"), ("네요", "A"),
    ("나요", "A"), ("니까", "V"), ("거든요", "A"), ("잖아요", "A"), ("잖아", "A"),
    ("군요", "A"), ("구나", "A"), ("는구나", "A"), ("는군", "A"), ("는대요", "A"),
    ("려고", "L"), ("려면", "L"), ("거나", "A"),
    # the wish asked back, honorific ("건너시려고요?", "찾으시려고요?")
    ("으시려고요", "C"), ("으시려고", "C"), ("시려고요", "V"), ("시려고", "V"), ("려고요", "L"),
)
# One-syllable endings nouns also end in ('사고', '공기', '가게', '바다'): stripped only after
# a stem of VERBS or a stem in 하/되 ('찾고', '확인하기'), never after anything else.
SHORT_ENDINGS = (("고", "A"), ("기", "A"), ("지", "A"), ("게", "A"), ("자", "A"), ("다", "A"),
                 ("네", "A"), ("니", "A"), ("냐", "A"), ("나", "A"), ("던", "A"), ("죠", "A"),
                 ("음", "C"), ("면", "L"), ("며", "L"), ("러", "L"), ("시면", "V"), ("시고", "V"),
                 ("시는", "V"), ("시죠", "V"), ("신", "V"), ("실", "V"))
# Endings written on the final consonant of the syllable before: ('ㄹ', 'ㄹ게요') is '갈게요'.
JAMO_ENDINGS = (
    ("ㄹ", "게요"), ("ㄹ", "게"), ("ㄹ", "까요"), ("ㄹ", "까"), ("ㄹ", "래요"), ("ㄹ", "래"),
    ("ㄹ", "지"), ("ㄹ", "지도"), ("ㄹ", "수록"), ("ㄹ", "께요"), ("ㄹ", "거예요"),
    ("ㄴ", "데"), ("ㄴ", "데요"), ("ㄴ", "지"), ("ㄴ", "다"), ("ㄴ", "다고"), ("ㄴ", "다면"),
    ("ㄴ", "가요"), ("ㄴ", "대요"), ("ㄴ", "대"),
    ("ㅂ", "니다"), ("ㅂ", "니까"), ("ㅂ", "시다"), ("ㅂ", "시오"),
    ("ㄴ", ""), ("ㄹ", ""), ("ㅁ", ""),
)
# The bare ㄴ and ㄹ ('저렴한', '드릴', '빠른', '큰') only after these stem ends, in a word of
# three syllables or more for 하 and 되 ('제한' is no '제하' + ㄴ), or after a stem of VERBS
# ('켤' is 켜 + ㄹ; '잘', '산' are among WHOLE_WORDS); '서울' is no '서우' + ㄹ. The bare ㅁ only
# after 하 and 되, in three syllables or more ('완료됨').
BARE_JAMO_AFTER = ("하", "되", "드리", "르")

# What follows the infinitive in 어/아 ('찾아', '가요', '해서', '와도').
INF_TAILS = ("", "요", "서", "서요", "도", "도요", "야", "야지", "야죠", "야겠어요", "라")
# What follows the past 었/았 ('찾았어요', '했습니다', '갔다가'), written on ㅆ.
PAST_TAILS = ("어요", "어", "습니다", "습니까", "다", "다가", "다고", "는데", "는데요", "고",
              "지만", "지", "구나", "군", "군요", "으면", "을까요", "을까", "죠", "지요", "네요",
              "네", "거든요", "어서", "던", "나요", "니", "냐", "잖아요", "을게요", "는지", "고요",
              "을", "는")
# Auxiliary stems after an infinitive ('찾아 주세요' written as one word: '찾아주세요').
AUXILIARIES = ("주", "드리", "보", "두", "놓", "버리", "주시")
# A stem in these, after a noun of two syllables or more, makes a verb of the noun: the noun is
# the content ('안내하' -> '안내', '연결되' -> '연결').
DERIVING = ("하", "되", "드리", "시키")

# Common verb and adjective stems, after which a short ending is stripped. Stems that end in
# 하, 되 and the honorific 시 need no entry.
VERBS = frozenset(
    """가 오 보 주 두 서 자 사 타 켜 끄 쓰 크 열 닫 틀 먹 마시 내리 올리 걸리 알 알리
    모르 좋 싫 많 적 작 높 낮 멀 가깝 넓 좁 길 짧 싸 비싸 춥 덥 있 없 되 하 말 듣 묻 읽
    놓 바꾸 맞추 줄이 낮추 늘리 돌리 멈추 세우 남 남기 기다리 들르 거치 지나 피하 막히
    밀리 쉬 놀 살 만나 부르 보내 받 넣 빼 잠그 누르 고르 움직이 보이 나가 나오 들어가
    들어오 돌아가 돌아오 지키 원하 괜찮 어렵 쉽 같 다르 빠르 느리 맛있 맛없 재미있 찾
    켜지 꺼지 앉 일어나 나 내 따르 이기 지 만들 시작 달리 붙 떠나 넘 넘기 건너 바라 믿 잡
    닿 끝나 끝내 빠지 알아보 찾아보 비우 채우 싣 배우 가르치 고치 느끼 생기 다니 챙기
    옮기 맡기 숨기 씻 입 벗 신 끼 아니 맑 흐리 밝 갖추 띄우 그리 내려가 올라가 어떻 그렇 이렇
    저렇 켜 줄 늦 이르 졸리 배고프""".split()
)

# Irregular stems and the stem each surface form reads as. The ㅂ-irregular adjectives:
# '가까워', '가까운', '가까우면' are 가깝; 르-irregular: '빨라', '몰라' are 빠르, 모르; the ㅡ
# that drops before 어: '꺼', '바빠' are 끄, 바쁘; the ㅎ-irregular '어때', '어떠세요' are 어떻.
# (ㄷ- and ㅅ-irregular stems are not read: '걸어' stays 걸, as 'hang' reads.)
B_IRREGULAR = ("춥", "덥", "가깝", "어렵", "쉽", "고맙", "반갑", "무섭", "맵", "귀엽", "시끄럽",
               "부드럽", "아름답", "즐겁", "뜨겁", "차갑", "무겁", "가볍", "새롭", "괴롭",
               "미끄럽", "눕", "굽", "줍")
REU_IRREGULAR = ("빠르", "모르", "고르", "누르", "부르", "다르", "들르", "오르", "자르", "흐르",
                 "서두르", "기르", "바르", "이르", "마르", "구르")
EU_DROPPING = ("끄", "쓰", "크", "뜨", "트", "바쁘", "아프", "예쁘", "기쁘", "슬프", "고프",
               "나쁘", "따르", "치르", "잠그", "담그", "모으")
H_IRREGULAR = {"어때": "어떻", "어떠": "어떻", "그래": "그렇", "그러": "그렇", "이래": "이렇",
               "이러": "이렇", "저래": "저렇", "저러": "저렇"}
# The infinitives whose vowel is the stem's own ('켜' is 켜 + 어, no 키 + 어).
OWN_VOWEL = frozenset({"켜", "펴", "꺼지", "켜지"})

# Nouns (and a few adverbs) that end like a particle or an ending and stay whole: no particle or
# ending is cut out of them ('도로' is no '도' + 로, '온도' no '온' + 도, '가게' no '가' + 게,
# '바로' no '바' + 로).
WHOLE_WORDS = frozenset(
    """아이 나이 거리 사이 요가 도로 대로 고속도로 온도 속도 정도 지도 포도 각도 습도
    강도 제주도 경기도 강원도 회의 주의 동의 정의 문의 의의 합의 논의 마을 가을 추가 휴가
    평가 증가 참가 국가 작가 물가 불만 사과 결과 효과 영어 한국어
    국어 단어 언어 연어 문어 고등어 오징어 타이어 일본어 중국어 독일어 사고 광고 창고
    참고 최고 재고 경고 신고 보고 공기 전기 환기 경기 인기 충전기 세탁기 가게 무지개 바다
    위치 가치 휴지 의자 과자 여자 남자 모자 기자 피자 나라 치즈 이야기 얘기 요즘
    화면 라면 바로 따로 새로 없이 같이 많이 함께 다만 대신 얼마나 혹시 아마
    잘 산 선 살 간 끈 잔 진""".split()
)

# Words that carry no content, as Kiwi tags them: bound nouns, pronouns, determiners, numerals,
# interjections and conjunctions. A verb reading drops only EMPTY stems and NOT_CONTENT_STEMS.
# Pronouns are no names either: '여기서' is no place called 여기.
PRONOUNS = frozenset(
    """나 내 너 저 제 우리 저희 당신 그 이것 그것 저것 이거 그거 저거 여기 거기 저기 어디 뭐
    무엇 누구 이곳 그곳 그건 그게 그걸 이건 이게 이걸 저건 저게""".split()
)
# Determiners take no particle: '한도' is no '한' + 도.
DETERMINERS = frozenset("두 세 네 한 어느 어떤 무슨 다른 모든 온 새 첫 이런 그런 저런".split())
FUNCTION = PRONOUNS | DETERMINERS | frozenset(
    """중 수 분 데 원 것 거 게 시 번 개 명 바 줄 뿐 듯 등 때문 쪽 킬로미터 인치 미터 번째
    몇 예 응 아니요 아니 아 어 음 야 그리고
    그러면 그럼 그런데 근데 하지만 그래서 그래도 그러나 또는 혹은 즉 하나 둘 셋 넷 다섯
    여섯 일곱 여덟 아홉 열 싶 않""".split()
)
# Verb stems that carry no content: the negative copula and the auxiliaries of wanting and not.
NOT_CONTENT_STEMS = frozenset({"아니", "싶", "않"})
